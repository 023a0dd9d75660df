import type { ReadWord } from './types';

/**
 * Tesseract's hOCR with character boxes (`hocr_char_boxes=1`) and the LSTM's other choices for
 * each character (`lstm_choice_mode=2`), read into words that carry their characters' confidences
 * (issue 34 item 4: a per-character confidence for the look-alike letters and digits of an
 * identifier, where the word's confidence says little — 'BW-15897' at 0.00 with every character
 * at 0.98). Used for the second look's small regions only: the page itself is read as TSV.
 */

export interface ReadChar {
  text: string;
  /** 0–1. */
  confidence: number;
  /** The LSTM's choices for this character, best first (the character itself among them). */
  choices: { text: string; confidence: number }[];
}

export interface CharWord extends ReadWord {
  chars: ReadChar[];
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
};
const unescape = (s: string) => s.replace(/&(?:amp|lt|gt|quot|apos|#39);/g, (e) => ENTITIES[e]!);

/** The words of an hOCR page with their characters (boxes in the image's pixels). */
export function parseHocr(hocr: string): CharWord[] {
  const words: CharWord[] = [];
  // Each word's span up to the next word's (or the end): its characters and their choices.
  const parts = hocr.split(/<span class='ocrx_word'/).slice(1);
  for (const part of parts) {
    const head = /title='bbox (\d+) (\d+) (\d+) (\d+); x_wconf (-?[\d.]+)'/.exec(part);
    if (!head) continue;
    const [x0, y0, x1, y1, conf] = head.slice(1, 6).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const chars: ReadChar[] = [];
    const re =
      /<span class='ocrx_cinfo' title='x_bboxes [^;']*; x_conf ([\d.]+)'>([^<]*)<\/span>|<span class='ocrx_cinfo' id='choice_[^']*' title='x_confs ([\d.]+)'>([^<]*)<\/span>/g;
    for (let m = re.exec(part); m; m = re.exec(part)) {
      if (m[2] !== undefined) {
        chars.push({ text: unescape(m[2]), confidence: Number(m[1]) / 100, choices: [] });
      } else if (chars.length) {
        chars[chars.length - 1]!.choices.push({
          text: unescape(m[4]!),
          confidence: Number(m[3]) / 100,
        });
      }
    }
    const text = chars.map((c) => c.text).join('');
    if (!text.trim() || conf < 0) continue;
    for (const c of chars) c.choices.sort((a, b) => b.confidence - a.confidence);
    words.push({
      text,
      x: x0,
      y: y0,
      width: x1 - x0,
      height: y1 - y0,
      confidence: Math.round(conf) / 100,
      chars,
    });
  }
  return words;
}

/** Look-alikes across the letter/digit line (as checks.ts hasLookalike): each one's other self. */
const TWINS: Record<string, string> = {
  O: '0',
  D: '0',
  Q: '0',
  I: '1',
  L: '1',
  S: '5',
  B: '8',
  Z: '2',
  G: '6',
  '0': 'ODQ',
  '1': 'IL',
  '5': 'S',
  '8': 'B',
  '2': 'Z',
  '6': 'G',
};

/** Every character of a second reading is at least this sure… */
export const CHAR_SURE = 0.9;
/**
 * …and a look-alike beside the other kind (a letter next to a digit) has its twin among the
 * LSTM's choices at most this fraction as likely as the character read.
 */
export const TWIN_RATIO = 0.6;

/**
 * Whether a reading's characters are each read surely, and its look-alikes ('HOB587678': the B
 * beside the 5, the 5 beside the B) were not nearly read as their twin (O for 0, S for 5, B for
 * 8…). A word's own confidence is not used: tesseract's LSTM gives a whole word little confidence
 * for a hyphen or a neighbouring mark while every character is ~0.98.
 */
export function charsSure(words: CharWord[], sure = CHAR_SURE): boolean {
  const chars = words.flatMap((w) => w.chars).filter((c) => /[A-Za-z0-9]/.test(c.text));
  if (chars.length === 0) return false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c.confidence < sure) return false;
    const up = c.text.toUpperCase();
    const twins = TWINS[up];
    if (!twins) continue;
    const digit = /\d/.test(up);
    const besideOther = [chars[i - 1], chars[i + 1]].some(
      (n) => n && (digit ? /[A-Za-z]/.test(n.text) : /\d/.test(n.text)),
    );
    if (!besideOther) continue;
    const own = c.choices.find((x) => x.text.toUpperCase() === up)?.confidence ?? c.confidence;
    const twin = Math.max(
      0,
      ...c.choices.filter((x) => twins.includes(x.text.toUpperCase())).map((x) => x.confidence),
    );
    if (twin > TWIN_RATIO * own) return false;
  }
  return true;
}
