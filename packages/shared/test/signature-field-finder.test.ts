import { describe, expect, it } from 'vitest';
import {
  decideSignatureFieldEdit,
  findSignatureField,
  type FinderPage,
  type FinderWord,
} from '../src/index';
import { DocumentTemplate, Role, RouteStatus, UserType } from '../src/ids';

/** A run of text as the reading gives it: one word per space, 0.5 × size a character. */
function text(line: string, x: number, top: number, size = 10): FinderWord[] {
  const words: FinderWord[] = [];
  let at = x;
  for (const part of line.split(' ')) {
    const width = part.length * size * 0.5;
    if (part) words.push({ text: part, x: at, y: top, width, height: size });
    at += width + size * 0.25;
  }
  return words;
}

const letter = (page: number, ...lines: FinderWord[][]): FinderPage => ({
  page,
  width: 612,
  height: 792,
  words: lines.flat(),
});

const body = [
  text('DIVISION ORDER (PENDING)', 50, 60, 16),
  text('The undersigned certifies ownership of the decimal interest shown above.', 50, 500),
];

describe('findSignatureField', () => {
  it('finds the field above a "Signature of owner" caption under a drawn line (the demo orders)', () => {
    const found = findSignatureField([
      letter(
        1,
        ...body,
        // The demo letter: the line is drawn, only the caption and 'Date' are words.
        text('Signature of owner — Hawthorne Royalty Trust', 50, 630, 8.5),
        text('Date', 340, 630, 8.5),
      ),
    ]);
    expect(found?.page).toBe(1);
    expect(found?.label).toBe('Signature of owner');
    const a = found!.area;
    // Above the caption, starting at its left, ending before 'Date'.
    expect(a.x).toBeCloseTo(50 / 612, 3);
    expect((a.y + a.height) * 792).toBeLessThanOrEqual(630);
    expect((a.y + a.height) * 792).toBeGreaterThan(620);
    expect(a.height * 792).toBeGreaterThan(20);
    expect((a.x + a.width) * 612).toBeLessThan(340);
  });

  it.each([
    ['Owner signature:'],
    ["Owner's signature:"],
    ['OWNER SIGNATURE:'],
    ['Owner’s Signature:'],
  ])('places the field right of "%s" on the same line', (label) => {
    const found = findSignatureField([letter(1, ...body, text(label, 50, 640))]);
    expect(found).not.toBeNull();
    const a = found!.area;
    expect(a.x * 612).toBeGreaterThan(50 + label.length * 5 - 1);
    expect((a.y + a.height) * 792).toBeGreaterThan(640);
    expect(a.y * 792).toBeLessThan(640);
  });

  it('sits on a line of underscores after "Signature:"', () => {
    const found = findSignatureField([
      letter(1, ...body, text('Signature: ______________________________', 50, 640)),
    ]);
    const a = found!.area;
    expect(found!.label).toBe('Signature');
    expect(a.x * 612).toBeGreaterThan(100);
    expect((a.y + a.height) * 792).toBeCloseTo(650, 0);
  });

  it('sits above a line of underscores captioned "Owner Signature"', () => {
    const found = findSignatureField([
      letter(
        1,
        ...body,
        text('______________________________', 50, 620),
        text('Owner Signature', 60, 633),
      ),
    ]);
    const a = found!.area;
    expect((a.y + a.height) * 792).toBeCloseTo(630, 0);
    expect(a.x * 612).toBeCloseTo(50, 0);
  });

  it('finds nothing without a label, and not a bare "Signature" without a line', () => {
    expect(findSignatureField([letter(1, ...body)])).toBeNull();
    expect(findSignatureField([letter(1, ...body, text('Signature', 50, 640))])).toBeNull();
    expect(findSignatureField([])).toBeNull();
  });

  it('ignores the words inside a sentence ("… the signature of owner is required …")', () => {
    const found = findSignatureField([
      letter(1, ...body, text('Please note the signature of owner is required below.', 50, 600)),
    ]);
    expect(found).toBeNull();
  });

  it('prefers the owner label over a generic line, and the last page', () => {
    const found = findSignatureField([
      letter(1, ...body, text('Signature of owner', 50, 630)),
      letter(2, text('Witness', 50, 100), text('Signature: ____________________', 50, 640)),
      letter(3, ...body, text('Signature of owner', 50, 700)),
    ]);
    expect(found?.page).toBe(3);
    expect(found?.label).toBe('Signature of owner');
  });

  it('uses the page fractions of scanned pages (pixels)', () => {
    const found = findSignatureField([
      {
        page: 1,
        width: 1700,
        height: 2200,
        words: [...text('Owner Signature', 140, 1800, 28), ...text('Date', 1000, 1800, 28)],
      },
    ]);
    expect(found!.area.x).toBeCloseTo(140 / 1700, 3);
    expect((found!.area.y + found!.area.height) * 2200).toBeLessThan(1800);
  });

  it('stays bounded on a page of many words', () => {
    const words = Array.from({ length: 50_000 }, (_, i) => ({
      text: 'word',
      x: (i % 20) * 30,
      y: Math.floor(i / 20) % 790,
      width: 20,
      height: 8,
    }));
    const started = performance.now();
    findSignatureField([{ page: 1, width: 612, height: 792, words }]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('decideSignatureFieldEdit', () => {
  const base = {
    templateId: DocumentTemplate.PendingDivisionOrder,
    side: 'sent' as const,
    routeStatusId: RouteStatus.Sent,
    userType: UserType.Regular,
    roles: [Role.User],
  };
  it('lets the sender’s writers place it until the owner returns the order', () => {
    expect(decideSignatureFieldEdit(base).allowed).toBe(true);
    expect(decideSignatureFieldEdit({ ...base, routeStatusId: null }).allowed).toBe(true);
    expect(
      decideSignatureFieldEdit({ ...base, routeStatusId: RouteStatus.Returned }),
    ).toMatchObject({
      allowed: false,
      refusal: 'state',
    });
  });
  it('refuses ReadOnly members, the receiver and other document types', () => {
    expect(decideSignatureFieldEdit({ ...base, roles: [Role.ReadOnly] })).toMatchObject({
      refusal: 'role',
    });
    expect(decideSignatureFieldEdit({ ...base, side: 'received' })).toMatchObject({
      refusal: 'role',
    });
    expect(
      decideSignatureFieldEdit({ ...base, templateId: DocumentTemplate.Invoice }),
    ).toMatchObject({
      refusal: 'state',
    });
  });
});
