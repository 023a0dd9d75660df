import type { SignatureArea } from '../schemas/signing';

/**
 * Finds where the owner signs a division order from the words read on its pages (issue 31 item 1;
 * docs/signing.md 'Signature fields'). Pure: the server gives it the reading's words (PDF text
 * layer or OCR), the tests give it made-up pages. Coordinates are the reading's: top-left origin,
 * the page's own units (PDF points or pixels), so the answer is in fractions of the page as shown
 * — the same frame as a signature dragged on the screen.
 */

export interface FinderWord {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FinderPage {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  words: readonly FinderWord[];
}

export interface FoundSignatureField {
  page: number;
  area: SignatureArea;
  /** The words the field was anchored on ('Signature of owner', 'Signature: ____'). */
  label: string;
}

/** At most this many words of a page are looked at (a hostile page of a million words). */
export const FINDER_MAX_WORDS_PER_PAGE = 5000;

/** Owner labels, as normalised words (lower case, no punctuation, "owner's" → "owners"). */
const OWNER_LABELS: readonly (readonly string[])[] = [
  ['signature', 'of', 'owner'],
  ['signature', 'of', 'interest', 'owner'],
  ['signature', 'of', 'royalty', 'owner'],
  ['owner', 'signature'],
  ['owners', 'signature'],
  ['owner', 'sign', 'here'],
];
/** A generic signature label: only anchors a field when a signature line follows it. */
const GENERIC_LABELS: readonly (readonly string[])[] = [
  ['signature'],
  ['signed'],
  ['sign', 'here'],
];

const UNDERSCORES = /_{3,}/;

interface Segment {
  words: FinderWord[];
  tokens: string[];
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** The typical word height of the segment (its tallest word's). */
  size: number;
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2019\u2018`]/g, "'")
    .replace(/'s$/, 's')
    .replace(/[^a-z0-9_]/g, '');

function boundsOf(words: FinderWord[]): Omit<Segment, 'words' | 'tokens'> {
  const top = Math.min(...words.map((w) => w.y));
  const bottom = Math.max(...words.map((w) => w.y + w.height));
  const left = Math.min(...words.map((w) => w.x));
  const right = Math.max(...words.map((w) => w.x + w.width));
  const size = Math.max(...words.map((w) => w.height));
  return { top, bottom, left, right, size };
}

/**
 * The page's words grouped into lines (by vertical centre) and each line cut where a wide gap
 * separates columns ('Signature of owner' and 'Date' side by side are two segments).
 */
export function segmentsOf(words: readonly FinderWord[]): Segment[] {
  const usable = words
    .slice(0, FINDER_MAX_WORDS_PER_PAGE)
    .filter((w) => w.text.trim() !== '' && w.height > 0 && w.width >= 0);
  const sorted = [...usable].sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2));
  const lines: FinderWord[][] = [];
  for (const word of sorted) {
    const centre = word.y + word.height / 2;
    const line = lines.at(-1);
    const last = line?.at(-1);
    if (line && last && Math.abs(last.y + last.height / 2 - centre) <= last.height / 2) {
      line.push(word);
    } else lines.push([word]);
  }
  const segments: Segment[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x - b.x);
    let current: FinderWord[] = [];
    for (const word of line) {
      const prev = current.at(-1);
      if (prev && word.x - (prev.x + prev.width) > 3 * Math.max(prev.height, word.height)) {
        segments.push(segment(current));
        current = [];
      }
      current.push(word);
    }
    if (current.length) segments.push(segment(current));
  }
  return segments;
}

function segment(words: FinderWord[]): Segment {
  return { words, tokens: words.map((w) => normalise(w.text)), ...boundsOf(words) };
}

/** Where `label` starts in the segment's tokens (a leading 'x' or underscores allowed), or -1. */
function labelAt(tokens: string[], label: readonly string[]): number {
  let start = 0;
  while (start < tokens.length && (tokens[start] === 'x' || UNDERSCORES.test(tokens[start]!))) {
    start += 1;
  }
  // Tokens emptied by normalising (a dash, a bullet) are skipped.
  const rest = tokens.slice(start);
  const words = rest.filter((t) => t !== '');
  if (label.every((part, i) => words[i] === part)) {
    let seen = 0;
    for (let i = 0; i < rest.length; i += 1) {
      if (rest[i] !== '') seen += 1;
      if (seen === label.length) return start + i;
    }
  }
  return -1;
}

interface Candidate {
  field: FoundSignatureField;
  score: number;
  /** Lower on the page is later: the signature block closes the letter. */
  order: number;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function toArea(
  page: FinderPage,
  box: { left: number; top: number; right: number; bottom: number },
): SignatureArea | null {
  const left = clamp(box.left, 0, page.width);
  const right = clamp(box.right, 0, page.width);
  const top = clamp(box.top, 0, page.height);
  const bottom = clamp(box.bottom, 0, page.height);
  if (right - left <= 0 || bottom - top <= 0) return null;
  const x = round(left / page.width);
  const y = round(top / page.height);
  return {
    x,
    y,
    width: Math.min(round((right - left) / page.width), round(1 - x)),
    height: Math.min(round((bottom - top) / page.height), round(1 - y)),
  };
}

/** The lowest bottom of text above `box` that overlaps it horizontally (the field stops there). */
function ceilingAbove(
  segments: Segment[],
  box: { left: number; right: number; top: number },
): number {
  let ceiling = -Infinity;
  for (const s of segments) {
    if (s.bottom > box.top || s.right < box.left || s.left > box.right) continue;
    ceiling = Math.max(ceiling, s.bottom);
  }
  return ceiling;
}

/** The segment to the right on the same line, if any (the field stops before it). */
function nextOnLine(segments: Segment[], of: Segment): Segment | undefined {
  return segments
    .filter(
      (s) =>
        s !== of &&
        s.left >= of.right &&
        Math.abs((s.top + s.bottom) / 2 - (of.top + of.bottom) / 2) <= of.size / 2,
    )
    .sort((a, b) => a.left - b.left)[0];
}

function fieldFor(
  page: FinderPage,
  segments: Segment[],
  s: Segment,
  labelEnd: number,
  owner: boolean,
): { area: SignatureArea; label: string } | null {
  const labelWords = s.words.slice(0, labelEnd + 1);
  const label = labelWords
    .map((w) => w.text)
    .join(' ')
    .replace(/[\s_:]+$/, '');
  const labelBox = boundsOf(labelWords);
  const size = s.size;
  const height = size * 4.5;
  const minWidth = size * 18;

  // 1. A line of underscores after the label on the same line: sign on it.
  const line = s.words.slice(labelEnd + 1).find((w) => UNDERSCORES.test(w.text));
  if (line) {
    const left = Math.max(line.x, labelBox.right + size * 0.3);
    const right = line.x + line.width;
    const bottom = line.y + line.height;
    const top = Math.max(bottom - height, ceilingAbove(segments, { left, right, top: s.top }));
    const area = toArea(page, { left, right, top, bottom });
    return area && { area, label };
  }

  // 2. A line of underscores right above the label (a caption under the line): sign above it.
  const above = segments
    .filter(
      (o) =>
        o !== s &&
        o.bottom <= s.top + size * 0.2 &&
        s.top - o.bottom <= size * 1.5 &&
        o.words.every((w) => UNDERSCORES.test(w.text)) &&
        o.right > s.left &&
        o.left < s.right,
    )
    .sort((a, b) => b.bottom - a.bottom)[0];
  if (above) {
    const bottom = above.bottom;
    const rest = segments.filter((o) => o !== above);
    const top = Math.max(
      bottom - height,
      ceilingAbove(rest, { left: above.left, right: above.right, top: above.top }),
    );
    const area = toArea(page, { left: above.left, right: above.right, top, bottom });
    return area && { area, label };
  }

  if (!owner) return null;
  const endsWithColon = /:\s*$/.test(s.words[labelEnd]!.text);
  const next = nextOnLine(segments, s);
  const rightLimit = (next ? next.left - size : page.width) - size;

  // 3. 'Owner signature:' with room after it on the line: sign to the right of the label.
  if (endsWithColon && labelEnd === s.words.length - 1 && rightLimit - labelBox.right > minWidth) {
    const left = labelBox.right + size * 0.5;
    const right = Math.min(rightLimit, left + minWidth * 1.2);
    const bottom = labelBox.bottom + size * 0.3;
    const top = Math.max(bottom - height, ceilingAbove(segments, { left, right, top: s.top }));
    const area = toArea(page, { left, right, top, bottom });
    return area && { area, label };
  }

  // 4. A caption under a drawn line (lines are not words): sign just above the caption.
  const left = s.left;
  const right = Math.min(Math.max(s.right, left + minWidth), Math.max(rightLimit, s.right));
  const bottom = s.top - size * 0.3;
  const ceiling = ceilingAbove(segments, { left, right, top: s.top });
  const top = Math.max(bottom - height, ceiling + size * 0.3);
  if (bottom - top < size * 1.5) return null; // no room: text right above the label
  const area = toArea(page, { left, right, top, bottom });
  return area && { area, label };
}

/**
 * The owner's signature field: an owner label ('Signature of owner', 'Owner signature',
 * "Owner's signature") wins over a generic 'Signature' followed by a line of underscores; then
 * the later page, then the lower one on the page. Null when nothing is found.
 */
export function findSignatureField(pages: readonly FinderPage[]): FoundSignatureField | null {
  let best: Candidate | null = null;
  for (const page of pages) {
    if (!(page.width > 0 && page.height > 0)) continue;
    const segments = segmentsOf(page.words);
    for (const s of segments) {
      for (const [labels, score] of [
        [OWNER_LABELS, 2],
        [GENERIC_LABELS, 1],
      ] as const) {
        let found: { area: SignatureArea; label: string } | null = null;
        for (const label of labels) {
          const end = labelAt(s.tokens, label);
          if (end < 0) continue;
          found = fieldFor(page, segments, s, end, score === 2);
          if (found) break;
        }
        if (!found) continue;
        const candidate: Candidate = {
          field: { page: page.page, ...found },
          score,
          order: page.page * 1_000_000 + s.top / page.height,
        };
        if (
          !best ||
          candidate.score > best.score ||
          (candidate.score === best.score && candidate.order > best.order)
        ) {
          best = candidate;
        }
        break;
      }
    }
  }
  return best?.field ?? null;
}
