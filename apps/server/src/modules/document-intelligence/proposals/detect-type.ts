import { DocumentTypeId, LegalDocumentType } from '@flowline/shared';
import type { ReadPage } from '../reading/types';
import { buildLines, type TextLine } from './lines';

/**
 * Document-type detection by weighted phrases. Each type has phrases with weights; a phrase counts
 * once however often it appears, and twice its weight when it is in the title area (the top fifth
 * of the first page, or printed at least 1.4× the page's usual height). The best type's score is
 * turned into a confidence by how far it is ahead of the runner-up and how much evidence there is:
 *   confidence = best / (best + second) × min(1, best / 10).
 * Below DETECTION_THRESHOLD nothing is suggested.
 */

export interface DetectedType {
  documentTypeId: number | null;
  legalDocumentTypeId: number | null;
  confidence: number;
}

export const DETECTION_THRESHOLD = 0.5;

interface TypeProfile {
  documentTypeId: number | null;
  legalDocumentTypeId: number | null;
  phrases: [RegExp, number][];
}

const profiles: TypeProfile[] = [
  {
    documentTypeId: DocumentTypeId.ArInvoice,
    legalDocumentTypeId: null,
    phrases: [
      [/\binvoice\b/, 4],
      [/\bstatement of charges\b|\bbill for services\b|\bcharges for services\b/, 4],
      [/\bamount (?:payable|owing)\b|\b(?:charged|billed) to\b/, 1.5],
      [/\binvoice (?:number|no|#|date)|\binv (?:no|#|date)/, 3],
      [/\b(?:bill|sold|invoice) to\b/, 2],
      [/\bremit(?:tance)?\b/, 2],
      [/\b(?:amount|balance|total) due\b/, 2],
      [/\bsub ?total\b/, 1.5],
      [/\b(?:qty|quantity)\b/, 1],
      [/\bunit (?:price|cost)|\brate\b/, 1],
      [/\bdue date\b|\bnet (?:15|30|45|60)\b|\bdue on receipt\b/, 1.5],
      [/\b(?:purchase order|p\.?o\.? (?:no|number|#))/, 1],
      [/\bafe\b/, 0.5],
    ],
  },
  {
    documentTypeId: DocumentTypeId.DivisionOrder,
    legalDocumentTypeId: null,
    phrases: [
      [/\bdivision orders?\b/, 6],
      [/\btransfer order\b/, 3],
      [/\bdecimal interest\b|\bowner decimal\b|\bnet revenue interest\b/, 3],
      [/\bthe undersigned\b/, 2],
      [/\b(?:certif(?:y|ies)|warrants?) .*\bownership\b|\bownership of\b/, 2],
      [/\binterest owner\b|\bowner (?:name|no|number)\b/, 1.5],
      [/\beffective date\b|\beffective (?:as of|with production)\b/, 1],
      [/\bwell\b|\blease\b/, 0.5],
      [/\boperator\b/, 0.5],
      [/\bpurchaser\b.*\bproduction\b|\bproduction\b/, 0.5],
    ],
  },
  {
    documentTypeId: DocumentTypeId.RunStatement,
    legalDocumentTypeId: null,
    phrases: [
      [/\brun (?:statement|ticket)s?\b/, 6],
      [/\b(?:gross|net) (?:volume|barrels|bbls?)\b|\bbbls?\b/, 2],
      [/\bgravity\b|\bapi gravity\b|\bbs ?& ?w\b|\bobserved temp/, 2],
      [/\bcrude\b|\bcondensate\b|\btank\b/, 1],
      [/\bpurchaser statement\b/, 3],
      [/\bcheck (?:number|no|date)\b/, 1],
    ],
  },
  {
    documentTypeId: DocumentTypeId.Form1099,
    legalDocumentTypeId: null,
    phrases: [
      [/\b(?:form )?1099(?:-(?:misc|nec|int|div))?\b/, 6],
      [/\bpayer'?s (?:tin|name|federal)/, 3],
      [/\brecipient'?s (?:tin|name)/, 3],
      [/\bnonemployee compensation\b|\brents\b|\broyalties\b/, 1.5],
      [/\binternal revenue service\b|\bomb no\b/, 2],
      [/\bfederal income tax withheld\b/, 2],
    ],
  },
  {
    documentTypeId: DocumentTypeId.OwnerStatement,
    legalDocumentTypeId: null,
    phrases: [
      [/\bowner (?:revenue )?statement\b|\brevenue statement\b|\bcheck stub\b/, 6],
      [/\bproduction (?:month|date)\b|\bprod (?:date|month)\b/, 2],
      [/\bseverance tax\b|\bproduction tax\b/, 2],
      [/\bowner (?:net|share|value)\b|\bnet value\b|\bgross value\b/, 2],
      [/\bcheck (?:number|no|date|amount)\b/, 2],
      [/\bowner (?:number|no|#)\b/, 1],
      [/\bmcf\b|\bbbl\b|\bmmbtu\b/, 1],
    ],
  },
  {
    documentTypeId: DocumentTypeId.W9,
    legalDocumentTypeId: LegalDocumentType.W9,
    phrases: [
      [/\bw-?9\b/, 6],
      [/\brequest for taxpayer\b/, 5],
      [/\btaxpayer identification number\b|\btin\b/, 2],
      [/\bbackup withholding\b/, 3],
      [/\bexempt payee\b|\bfatca\b/, 2],
      [/\bfederal tax classification\b|\bdisregarded entity\b/, 2],
      [/\bunder penalties of perjury\b/, 1],
    ],
  },
  {
    documentTypeId: null,
    legalDocumentTypeId: LegalDocumentType.InsuranceCertificate,
    phrases: [
      [/\bacord\b/, 5],
      [/\bcertificate of (?:liability )?insurance\b/, 6],
      [/\bcertificate holder\b/, 3],
      [/\binsurer [a-f]\b|\binsurers? affording coverage\b|\binsurer\b/, 2],
      [/\bpolicy (?:number|no|eff|exp)\b/, 2],
      [
        /\bgeneral liability\b|\bumbrella liab\b|\bworkers compensation\b|\bautomobile liability\b/,
        2,
      ],
      [/\bproducer\b|\binsured\b/, 1],
    ],
  },
];

function inTitleArea(line: TextLine, usualHeight: number): boolean {
  return (line.page === 1 && line.top < line.pageHeight / 5) || line.height >= 1.4 * usualHeight;
}

export function detectDocumentType(pages: ReadPage[]): DetectedType {
  const lines = buildLines(pages);
  const none: DetectedType = { documentTypeId: null, legalDocumentTypeId: null, confidence: 0 };
  if (lines.length === 0) return none;
  const heights = lines.map((l) => l.height).sort((a, b) => a - b);
  const usual = heights[Math.floor(heights.length / 2)]!;
  const texts = lines.map((l) => ({
    text: l.tokens.map((t) => t.text.toLowerCase()).join(' '),
    title: inTitleArea(l, usual),
  }));
  const scores = profiles.map((profile) => {
    let score = 0;
    for (const [re, weight] of profile.phrases) {
      const hits = texts.filter((t) => re.test(t.text));
      if (hits.length === 0) continue;
      score += hits.some((t) => t.title) ? 2 * weight : weight;
    }
    return { profile, score };
  });
  scores.sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (!best || best.score === 0) return none;
  const confidence =
    Math.round(
      (best.score / (best.score + (second?.score ?? 0))) * Math.min(1, best.score / 10) * 100,
    ) / 100;
  if (confidence < DETECTION_THRESHOLD) return { ...none, confidence };
  let documentTypeId = best.profile.documentTypeId;
  // A division order still awaiting the owner's signature says so ('pending'); else a plain one.
  if (
    documentTypeId === DocumentTypeId.DivisionOrder &&
    texts.some((t) => /\bpending\b/.test(t.text))
  ) {
    documentTypeId = DocumentTypeId.PendingDivisionOrder;
  }
  return { documentTypeId, legalDocumentTypeId: best.profile.legalDocumentTypeId, confidence };
}
