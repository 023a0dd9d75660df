/**
 * Label dictionaries: the many ways a document names a field. A pattern is a regular expression
 * over a line's normalised words joined by single spaces (lines.ts `normalize`: lower case,
 * punctuation stripped, '#' kept, 'P.O.' → 'po'). Longer matches win over shorter ones, so 'due
 * date' is never read as 'date'. A label with key null is a stop label: it is recognised only so
 * that its value is not taken for another field's ('ship date', 'subtotal', 'ship to').
 */

/**
 * Label words by meaning (issue 34 item 3): the abbreviations people print, mapped to the word the
 * dictionaries below use, so 'Amt Due', 'Inv. Dt', 'Cust. No.' and 'Doc Nbr' read as 'amount due',
 * 'invoice date', 'customer no' and 'document no'. A word with a slash is read as its parts
 * ('AFE/CC' → 'afe cc', 'U/M' → 'uom').
 */
const LABEL_WORDS: Record<string, string> = {
  amt: 'amount',
  inv: 'invoice',
  invc: 'invoice',
  doc: 'document',
  dt: 'date',
  dte: 'date',
  cust: 'customer',
  acct: 'account',
  bal: 'balance',
  tot: 'total',
  ttl: 'total',
  pmt: 'payment',
  pymt: 'payment',
  svc: 'service',
  serv: 'service',
  tkt: 'ticket',
  disp: 'dispatch',
  nbr: 'no',
  num: 'no',
  number: 'no',
  'no#': 'no',
  'u/m': 'uom',
  um: 'uom',
  ext: 'extended',
  extd: 'extended',
  ctr: 'center',
  centre: 'center',
  qty: 'quantity',
  // OCR's readings of 'Qty' and 'Amount' in small bold headings.
  oty: 'quantity',
  gty: 'quantity',
  qtv: 'quantity',
  quy: 'quantity',
  qiy: 'quantity',
  qly: 'quantity',
  qu: 'quantity',
  oy: 'quantity',
  // 'Item' in a small bold table heading (seen on the oilfield tuning scans).
  ttem: 'item',
  trem: 'item',
  tem: 'item',
  amourt: 'amount',
  arnount: 'amount',
  desc: 'description',
};

/** A normalised word ('lines.ts normalize') as the dictionaries spell it. */
export function labelWord(norm: string): string {
  const known = LABEL_WORDS[norm];
  if (known) return known;
  if (/^[a-z]+(?:\/[a-z]+)+$/.test(norm))
    return norm
      .split('/')
      .map((w) => LABEL_WORDS[w] ?? w)
      .join(' ');
  return norm;
}

/**
 * Characters OCR takes for one another in print (issue 34: 'T0tal', '1nv.', 'Arnount', 'Acconat'):
 * swapping one for the other costs half an edit. Two-character readings of one letter ('rn' for
 * 'm', 'vv' for 'w', 'cl' for 'd', 'li' for 'h') cost half an edit too.
 */
const CONFUSABLE = ['il1|!j', 'o0qdcae', 'ec', 'ae', 'uvn', 'nh', 'ftr', 's5$', 'b68', 'g9q', 'z2'];
const CONFUSED_PAIRS: [string, string][] = [
  ['m', 'rn'],
  ['m', 'in'],
  ['m', 'nn'],
  ['w', 'vv'],
  ['d', 'cl'],
  ['h', 'li'],
  ['n', 'ri'],
];
const confusable = (a: string, b: string) => CONFUSABLE.some((g) => g.includes(a) && g.includes(b));

/**
 * Edit distance from an OCR reading to a word, with OCR's usual slips at half cost. Stops early
 * (returns Infinity) once every alignment costs more than `limit`.
 */
export function ocrDistance(read: string, word: string, limit = Infinity): number {
  const n = read.length;
  const m = word.length;
  if (Math.abs(n - m) > limit + 1) return Infinity;
  const d: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 0; i <= n; i++) d[i]![0] = i;
  for (let j = 0; j <= m; j++) d[0]![j] = j;
  for (let i = 1; i <= n; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= m; j++) {
      const a = read[i - 1]!;
      const b = word[j - 1]!;
      const sub = a === b ? 0 : confusable(a, b) ? 0.5 : 1;
      let best = Math.min(d[i - 1]![j - 1]! + sub, d[i - 1]![j]! + 1, d[i]![j - 1]! + 1);
      for (const [one, two] of CONFUSED_PAIRS) {
        // Two read characters for one printed ('rn' for 'm'), or one for two ('m' for 'in').
        if (i >= 2 && j >= 1 && read.slice(i - 2, i) === two && b === one)
          best = Math.min(best, d[i - 2]![j - 1]! + 0.5);
        if (i >= 1 && j >= 2 && a === one && word.slice(j - 2, j) === two)
          best = Math.min(best, d[i - 1]![j - 2]! + 0.5);
      }
      d[i]![j] = best;
      rowMin = Math.min(rowMin, best);
    }
    if (rowMin > limit) return Infinity;
  }
  return d[n]![m]!;
}

/** The words the label dictionaries are made of (four letters or more), for OCR's misreadings. */
let vocabulary: string[] | null = null;
/** Short words a label may glue to another with a misread slash ('AFEICC' for 'AFE/CC'). */
let shortWords: Set<string> | null = null;
function labelVocabulary(): { long: string[]; short: Set<string> } {
  if (!vocabulary || !shortWords) {
    const words = new Set<string>(Object.values(LABEL_WORDS).flatMap((w) => w.split(' ')));
    for (const rule of [...invoiceRules, ...divisionOrderRules])
      for (const label of rule.labels)
        for (const w of label.pattern.replace(/\\./g, ' ').split(/[^a-z]+/)) if (w) words.add(w);
    // Table headings are labels too ('Quantity', 'Description', 'Amount').
    for (const w of ['description', 'quantity', 'amount', 'price', 'extended', 'code'])
      words.add(w);
    vocabulary = [...words].filter((w) => w.length >= 4);
    shortWords = new Set(
      [...words, ...Object.keys(LABEL_WORDS)].filter((w) => w.length >= 2 && w.length <= 3),
    );
  }
  return { long: vocabulary, short: shortWords };
}

/**
 * A scanned word read as the label word it most likely is (issue 34 item 1): 'T0tal' → 'total',
 * 'Arnount' → 'amount', 'Acconat' → 'account', 'Dote' → 'date'; 'AFEICC' → 'afe cc' (the slash
 * read as a letter between two label words). Only words of four letters or more, within half an
 * edit (4 letters), one edit (5–6) or one and a half (7+) of a dictionary word, OCR's usual slips
 * costing half; a reading as near to two different words is not taken. Null when no word is near
 * enough. Only for OCR pages and only where a label may stand: the matched label still needs a
 * value of its type beside or under it, and it counts for less (candidates.ts FUZZY_LABEL).
 */
export function ocrLabelWord(norm: string): string | null {
  const known = misreadCache.get(norm);
  if (known !== undefined) return known;
  const word = matchMisread(norm);
  // Bounded: a page's words repeat across the rules; a process reads many pages.
  if (misreadCache.size > 20_000) misreadCache.clear();
  misreadCache.set(norm, word);
  return word;
}
const misreadCache = new Map<string, string | null>();

function matchMisread(norm: string): string | null {
  if (!/^[a-z0-9|!$]+$/.test(norm) || !/[a-z].*[a-z]/.test(norm)) return null;
  const digits = (norm.match(/\d/g) ?? []).length;
  if (digits > 1) return null;
  const { long, short } = labelVocabulary();
  if (long.includes(norm) || short.has(norm) || LABEL_WORDS[norm]) return null;
  // A plural is a word of its own ('Services' in a name), not a misreading.
  if (norm.endsWith('s') && long.includes(norm.slice(0, -1))) return null;
  // Two short label words glued by a slash read as a letter ('afeicc', 'afe1cc', 'afelcc').
  for (let i = 2; i < norm.length - 2; i++) {
    const a = norm.slice(0, i);
    const b = norm.slice(i + 1);
    if ('il1|!'.includes(norm[i]!) && short.has(a) && (short.has(b) || long.includes(b)))
      return `${labelWord(a)} ${labelWord(b)}`;
  }
  if (norm.length < 4) return null;
  const limit = norm.length >= 7 ? 1.5 : norm.length >= 5 ? 1 : 0.5;
  let best: string | null = null;
  let bestCost = Infinity;
  let tie = false;
  for (const w of long) {
    const cost = ocrDistance(norm, w, limit);
    if (cost > limit) continue;
    if (cost < bestCost) {
      best = w;
      bestCost = cost;
      tie = false;
    } else if (cost === bestCost && w !== best) tie = true;
  }
  return best && !tie ? labelWord(best) : null;
}

export type ValueKind = 'id' | 'date' | 'amount' | 'name' | 'block' | 'decimal' | 'choice';

export interface LabelRule {
  pattern: string;
  /** How sure a value next to this wording belongs to the field (0–1). */
  weight: number;
  /** A generic word ('date', 'total', 'to') counts only at the start of a phrase. */
  phraseStart?: boolean;
  /** The value may be on the lines below (default true); false for title words like 'Invoice'. */
  below?: boolean;
}

export interface FieldRule {
  key: string | null;
  kind: ValueKind;
  /** Where a document prints this field when it prints it more than once. */
  prefer: 'first' | 'last';
  labels: LabelRule[];
  /** For 'choice' fields: the allowed value for each recognised wording. */
  choices?: { pattern: RegExp; value: string }[];
}

const L = (pattern: string, weight: number, extra: Partial<LabelRule> = {}): LabelRule => ({
  pattern,
  weight,
  ...extra,
});
const NO = '(?:number|no|num|nbr|#|id)(?: #)?';

export const SUBTOTAL_KEY = '_subtotal';
export const TAX_KEY = '_tax';
export const FREIGHT_KEY = '_freight';

const invoiceRules: FieldRule[] = [
  {
    key: 'docNumber',
    kind: 'id',
    prefer: 'first',
    labels: [
      L(`invoice ${NO}`, 0.97),
      L(`inv ${NO}`, 0.95),
      L(`document ${NO}`, 0.9),
      L(`(?:bill|billing) ${NO}`, 0.85),
      L('invoice', 0.75, { below: false }),
      L(`(?:ref|reference|statement) ${NO}`, 0.6),
      L('(?:reference|ref|our ref(?:erence)?)', 0.6, { phraseStart: true }),
      L('(?:number|no|#)', 0.6, { phraseStart: true }),
    ],
  },
  {
    key: 'docInvoiceDate',
    kind: 'date',
    prefer: 'first',
    labels: [
      L('(?:invoice|inv|bill|billing|invoiced) (?:date|dt)', 0.97),
      L('date of (?:invoice|issue|bill)', 0.97),
      L('(?:issue|issued|issuance|document) date|date issued|invoiced on|issued on', 0.92),
      L('dated', 0.9, { phraseStart: true }),
      L('date', 0.8, { phraseStart: true }),
    ],
  },
  {
    key: 'docDueDate',
    kind: 'date',
    prefer: 'first',
    labels: [
      L(
        '(?:payment )?due date|date due|payment due(?: by| on| date)?|due (?:by|on)|pay by|please pay by|(?:please )?(?:settle|payable|remit) by',
        0.95,
      ),
      L('due', 0.8, { phraseStart: true }),
    ],
  },
  {
    key: 'docServiceDate',
    kind: 'date',
    prefer: 'first',
    labels: [
      L(
        '(?:service|work|job|ticket|field ticket) date|dates? of (?:service|work)|date performed',
        0.9,
      ),
    ],
  },
  {
    key: 'docTotal',
    kind: 'amount',
    prefer: 'last',
    labels: [
      L(
        '(?:grand|invoice) total|total (?:amount )?due(?: usd| us\\$| \\$)?|total invoice(?: amount)?|invoice amount',
        0.97,
      ),
      L(
        'total amount|amount due|balance due|amount payable|total payable|net amount due|amount owing|total owing|amount outstanding',
        0.95,
      ),
      L('please pay(?: this amount)?|pay this amount|total (?:usd|us\\$|\\$)', 0.92),
      L('total', 0.85, { phraseStart: true }),
    ],
  },
  {
    key: SUBTOTAL_KEY,
    kind: 'amount',
    prefer: 'last',
    labels: [L('sub ?total|sub-total|total before tax|net total', 0.9)],
  },
  {
    key: TAX_KEY,
    kind: 'amount',
    prefer: 'last',
    labels: [
      L('(?:sales |state |local )?tax(?: amount)?(?: \\(?\\d+(?:\\.\\d+)?%\\)?)?|vat|gst', 0.9),
    ],
  },
  {
    key: FREIGHT_KEY,
    kind: 'amount',
    prefer: 'last',
    labels: [
      L('freight|shipping(?: (?:and|&) handling)?|delivery charges?|freight charges?', 0.9, {
        phraseStart: true,
      }),
    ],
  },
  {
    key: 'docPONumber',
    kind: 'id',
    prefer: 'first',
    labels: [
      L(`(?:purchase order|customer po|client po|po|p o)(?! box)(?: ${NO})?`, 0.95),
      L(`order ${NO}`, 0.75),
      L('your (?:order|po)(?: ref(?:erence)?)?|customer order(?: ref(?:erence)?)?', 0.8),
    ],
  },
  {
    key: 'docAFE',
    kind: 'id',
    prefer: 'first',
    labels: [
      L(
        `afe(?: (?:cc|cost center))?(?: ${NO})?|authority for expenditure(?: ${NO})?|cost center(?: ${NO})?|afe (?:or|and) cost center`,
        0.95,
      ),
    ],
  },
  {
    key: 'docARCompany',
    kind: 'name',
    prefer: 'first',
    labels: [
      L('vendor(?: name)?|supplier(?: name)?|contractor|sold by|billed by|service provider', 0.88),
      L('(?:make )?(?:checks|cheques) payable to|payable to|pay to the order of', 0.85),
      L('from', 0.7, { phraseStart: true }),
    ],
  },
  {
    key: 'docARPurchaserName',
    kind: 'name',
    prefer: 'first',
    labels: [
      L(
        'bill to|billed to|sold to|invoice to|invoiced to|customer name|purchaser|bill to customer|charged to',
        0.92,
      ),
      L('customer|client', 0.8, { phraseStart: true }),
      L('to', 0.65, { phraseStart: true }),
    ],
  },
  {
    key: 'remitTo',
    kind: 'block',
    prefer: 'first',
    labels: [
      L(
        '(?:please )?remit(?: payment)?(?: to)?|remittance(?: address)?|send payments? to|mail payments? to|payment address',
        0.92,
      ),
    ],
  },
  {
    key: 'docPaymentTerms',
    kind: 'choice',
    prefer: 'first',
    labels: [L('(?:payment )?terms', 0.9)],
    choices: [
      { pattern: /due (?:on|upon) receipt|upon receipt|on receipt/i, value: 'Due on receipt' },
      // The discount terms before the plain net ones they contain.
      { pattern: /\b2\s*(?:%|\/)\s*10\s*,?\s*n(?:et)?\s*-?\s*30\b/i, value: '2/10 Net 30' },
      { pattern: /\b1\s*(?:%|\/)\s*10\s*,?\s*n(?:et)?\s*-?\s*30\b/i, value: '1/10 Net 30' },
      { pattern: /net\s*-?\s*30\s*eom\b/i, value: 'Net 30 EOM' },
      { pattern: /net\s*-?\s*15\b/i, value: 'Net 15' },
      { pattern: /net\s*-?\s*30\b/i, value: 'Net 30' },
      { pattern: /net\s*-?\s*45\b/i, value: 'Net 45' },
      { pattern: /net\s*-?\s*60\b/i, value: 'Net 60' },
      { pattern: /net\s*-?\s*90\b/i, value: 'Net 90' },
    ],
  },
  {
    key: null,
    kind: 'id',
    prefer: 'first',
    labels: [
      L(
        '(?:ship|order|po|delivery|delivered|shipped|print|printed|run|statement) date|date (?:shipped|ordered|printed)',
        1,
      ),
      L(
        'ship to|deliver to|shipping address|location|job site|site|field ticket(?: #| no| number)?|ticket(?: #| no| number)?|ft #|dispatch(?: #| no| number)?|received(?: on| date)?|date received',
        1,
      ),
      L(
        `(?:customer|account|acct|client|vendor|tax|federal tax|ein|fein|sales ?rep|job|well|lease|owner) ${NO}|ein|fein|tax id`,
        1,
      ),
      L('phone|tel|telephone|fax|e-?mail|web|website|page|sheet', 1, { phraseStart: true }),
      L(
        'page (?:sub ?)?total|balance forward|previous balance|(?:payments?|amount paid|credits?)(?: (?:and|&) credits?)?|paid|discount|deposit',
        1,
      ),
      L(
        '(?:total )?(?:qty|quantity|hours|hrs|units|weight)|qty shipped|total (?:tax|taxes|discount)',
        1,
      ),
      L('salesperson|rep|representative|attn|attention|description', 1),
    ],
  },
];

const divisionOrderRules: FieldRule[] = [
  {
    key: 'docOwnerName',
    kind: 'name',
    prefer: 'first',
    labels: [
      L(
        '(?:interest )?owner (?:name|of record)(?: (?:and|&) address)?|name of owner|interest owner|payee name',
        0.92,
      ),
      L('owner|payee', 0.85, { phraseStart: true }),
    ],
  },
  {
    key: 'docOwnerNumber',
    kind: 'id',
    prefer: 'first',
    labels: [L(`(?:owner|payee|interest owner) ${NO}|owner code|owner account`, 0.95)],
  },
  {
    key: 'docPropertyName',
    kind: 'name',
    prefer: 'first',
    labels: [
      L(
        'property name|lease name|property description|unit name|property / lease|lease / property',
        0.92,
      ),
      L('property|lease', 0.85, { phraseStart: true }),
    ],
  },
  {
    key: 'docWellName',
    kind: 'name',
    prefer: 'first',
    labels: [
      L('well name(?: (?:and|&) (?:number|no))?|well / unit', 0.92),
      L('well', 0.85, { phraseStart: true }),
    ],
  },
  {
    key: 'docDecimalInterest',
    kind: 'decimal',
    prefer: 'first',
    labels: [
      L(
        '(?:owner |revenue |royalty |working )?decimal(?: interest)?(?: \\(nri\\))?|net revenue interest|nri|owner interest|interest decimal|division interest|revenue interest|decimal int',
        0.95,
      ),
      L('interest', 0.7, { phraseStart: true }),
    ],
  },
  {
    key: 'docInterestType',
    kind: 'choice',
    prefer: 'first',
    labels: [
      L('(?:interest|int) type|type of interest', 0.9),
      L('type', 0.8, { phraseStart: true }),
    ],
    choices: [
      { pattern: /overrid|\bor(?:ri)?\b/i, value: 'Overriding Royalty' },
      { pattern: /non.?participating|\bnpri\b/i, value: 'Non-Participating' },
      { pattern: /working|\bwi\b/i, value: 'Working Interest' },
      { pattern: /royalty|\bri\b|\bru\b/i, value: 'Royalty' },
    ],
  },
  {
    key: 'docEffectiveDate',
    kind: 'date',
    prefer: 'first',
    labels: [
      L('effective date|date effective|eff date|effective as of|effective from', 0.95),
      L('effective', 0.9, { phraseStart: true }),
      L(
        'effective (?:with|for) (?:production|sales)(?: from| beginning| on)?|first production date',
        0.9,
      ),
    ],
  },
  {
    key: null,
    kind: 'id',
    prefer: 'first',
    labels: [
      L(
        `(?:property|lease|well|api|unit|operator|tract|county|state) ${NO}|county/state|county / state|tax id|ssn|tin|owner signature|signature of owner`,
        1,
      ),
      L(
        'api|county|state|township|section|range|operator|date|prepared|signature|witness|phone|e-?mail|page|products?',
        1,
        { phraseStart: true },
      ),
    ],
  },
];

export function fieldRulesFor(documentTypeId: number): FieldRule[] {
  if (documentTypeId === 93) return invoiceRules;
  if (documentTypeId === 87 || documentTypeId === 94) return divisionOrderRules;
  return [];
}
