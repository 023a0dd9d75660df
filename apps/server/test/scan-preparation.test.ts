import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  binarize,
  histogram,
  inkThreshold,
  otsuThreshold,
} from '../src/modules/document-intelligence/reading/binarize';
import {
  charsSure,
  parseHocr,
  type CharWord,
} from '../src/modules/document-intelligence/reading/hocr';
import {
  CHARS_CONFIRMED,
  cropRegion,
  confirmSecondLook,
  FILL_IN_KEYS,
  fillInLook,
  labelRegionsToReread,
  mergeLabelLook,
  mergeSecondLook,
  onPage,
  regionsToReread,
  type Region,
} from '../src/modules/document-intelligence/reading/second-look';
import {
  estimateSkew,
  pointOnSkewedPage,
  rotateGray,
  type Gray,
} from '../src/modules/document-intelligence/reading/skew';
import { preparePage } from '../src/modules/document-intelligence/reading/prepare-page';
import type { ReadWord } from '../src/modules/document-intelligence/reading/types';

/**
 * Issue 34 item 4: the pure parts of preparing a scan for OCR — Otsu's threshold, the skew
 * search on a synthetic page turned by a known angle, the turn back and where its points were —
 * and of the second look (which value regions are read again, which reading is kept).
 */

/** A letter-like page at ~100 dpi: lines of 'words' (dark bars with gaps) in two columns. */
function syntheticPage(width = 850, height = 1100): Gray {
  const data = new Uint8Array(width * height).fill(250);
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let top = 80; top < height - 80; top += 22) {
    for (const [from, to] of [
      [70, 400],
      [470, 780],
    ] as const) {
      let x = from + Math.floor(rand() * 30);
      while (x < to) {
        const len = 15 + Math.floor(rand() * 50);
        for (let y = top; y < top + 9; y++)
          for (let xx = x; xx < Math.min(to, x + len); xx++)
            if (rand() < 0.7) data[y * width + xx] = 20;
        x += len + 8;
      }
    }
  }
  return { data, width, height };
}

/** The page turned by `degrees` (positive clockwise: lines then run down to the right). */
async function turned(page: Gray, degrees: number): Promise<Gray> {
  const { data, info } = await sharp(page.data, {
    raw: { width: page.width, height: page.height, channels: 1 },
  })
    .rotate(degrees, { background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

describe('Otsu threshold', () => {
  it('splits two populations of grey between their levels', () => {
    const h = new Array<number>(256).fill(0);
    // Ink around 40 (a tenth of the pixels), paper around 200.
    for (let v = 0; v < 256; v++) {
      h[v] = Math.round(
        1000 * Math.exp(-((v - 40) ** 2) / 200) + 9000 * Math.exp(-((v - 200) ** 2) / 200),
      );
    }
    const t = otsuThreshold(h);
    expect(t).toBeGreaterThan(60);
    expect(t).toBeLessThan(160);
  });

  it('is the level of a single-shade page and 128 for an empty histogram', () => {
    const h = new Array<number>(256).fill(0);
    expect(otsuThreshold(h)).toBe(128);
    h[90] = 50;
    expect(otsuThreshold(h)).toBe(0);
  });

  it('over the ink only: white paper does not pull the threshold up', () => {
    const data = new Uint8Array(10_000).fill(255);
    // 5 % ink at 30, its grey edges at 150–170.
    for (let i = 0; i < 500; i++) data[i] = 30;
    for (let i = 500; i < 700; i++) data[i] = 150 + (i % 21);
    const t = inkThreshold(data);
    expect(t).toBeGreaterThanOrEqual(30);
    expect(t).toBeLessThan(150);
    const out = binarize(data, t);
    expect(histogram(out)[0]).toBe(500);
    expect(histogram(out)[255]).toBe(9500);
  });

  it('falls back when a page has (almost) no ink', () => {
    expect(inkThreshold(new Uint8Array(1000).fill(255))).toBe(160);
  });
});

describe('skew', () => {
  it('is 0 for a level page and for a blank one', () => {
    expect(Math.abs(estimateSkew(syntheticPage()))).toBeLessThanOrEqual(0.05);
    expect(
      estimateSkew({ data: new Uint8Array(100 * 100).fill(255), width: 100, height: 100 }),
    ).toBe(0);
  });

  it.each([2.5, -1.7, 0.8, -3.2])('finds a page turned by %f° within 0.15°', async (angle) => {
    const page = await turned(syntheticPage(), angle);
    const found = estimateSkew(page);
    expect(Math.abs(found - angle)).toBeLessThanOrEqual(0.15);
    // Turned back, the print is level.
    const level = rotateGray(page, found);
    expect(Math.abs(estimateSkew(level))).toBeLessThanOrEqual(0.15);
  });

  it('maps a point of the levelled page back to where it is on the skewed one', () => {
    const width = 400;
    const height = 300;
    const data = new Uint8Array(width * height).fill(255);
    // A dark dot at (300, 60) on the skewed page.
    for (let y = 58; y < 63; y++) for (let x = 298; x < 303; x++) data[y * width + x] = 0;
    const level = rotateGray({ data, width, height }, 3);
    let sx = 0;
    let sy = 0;
    let n = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (level.data[y * width + x]! < 128) {
          sx += x + 0.5;
          sy += y + 0.5;
          n++;
        }
    const back = pointOnSkewedPage(sx / n, sy / n, 3, width, height);
    expect(back.x).toBeCloseTo(300.5, 0);
    expect(back.y).toBeCloseTo(60.5, 0);
  });
});

describe('page preparation', () => {
  it('enlarges and levels a skewed low-resolution page and puts word boxes back where they are', async () => {
    // A 100 dpi page whose print runs 2° down to the right, with one mark to locate.
    const level = syntheticPage();
    for (let y = 300; y < 312; y++)
      for (let x = 805; x < 835; x++) level.data[y * level.width + x] = 0;
    const skewed = rotateGray(level, -2);
    const centre = (g: Gray, x0: number, y0: number, x1: number, y1: number) => {
      let sx = 0;
      let sy = 0;
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++)
          if (g.data[y * g.width + x]! < 60) {
            sx += x;
            sy += y;
            n++;
          }
      return { x: sx / n, y: sy / n };
    };
    const png = await sharp(skewed.data, {
      raw: { width: skewed.width, height: skewed.height, channels: 1 },
    })
      .png()
      .toBuffer();
    const prepared = await preparePage(png, 100, {
      median: false,
      deskew: true,
      targetDpi: 150,
      flatten: false,
      binarize: false,
    });
    expect(prepared.factor).toBeCloseTo(1.5, 5);
    expect(Math.abs(prepared.skew - 2)).toBeLessThanOrEqual(0.15);
    expect(Math.abs(estimateSkew(prepared.gray))).toBeLessThanOrEqual(0.15);
    // The mark on the prepared page, as tesseract would box it, back on the page as given.
    const onPrepared = centre(prepared.gray, 1195, 380, prepared.gray.width, 540);
    const back = prepared.toSource({
      text: 'x',
      x: onPrepared.x - 30,
      y: onPrepared.y - 9,
      width: 60,
      height: 18,
      confidence: 1,
    });
    const onSkewed = centre(skewed, 796, 250, skewed.width, 360);
    expect(back.x + back.width / 2).toBeCloseTo(onSkewed.x, -0.3);
    expect(back.y + back.height / 2).toBeCloseTo(onSkewed.y, -0.3);
    expect(back.width).toBeCloseTo(40, 5);
    expect(onSkewed.y).toBeGreaterThan(305);
  });
});

function w(text: string, x: number, y: number, confidence = 0.95, size = 20): ReadWord {
  return { text, x, y, width: text.length * size * 0.55, height: size, confidence };
}

describe('second look', () => {
  it('reads again a value OCR was unsure of, one it did not see, and not a sure one', () => {
    const words = [
      w('Invoice', 100, 100),
      w('No.', 190, 100),
      w('ODS64789l', 260, 100, 0.41),
      w('AFE', 100, 160),
      w('#', 150, 160),
      w('PO', 100, 220),
      w('Number', 140, 220),
      w('4521907365', 260, 220, 0.96),
    ];
    const regions = regionsToReread(words, 1200, 1600);
    const byKey = new Map(regions.map((r) => [r.key, r]));
    expect(byKey.get('docNumber')?.reason).toBe('unsure');
    expect(byKey.get('docAFE')?.reason).toBe('missing');
    expect(byKey.has('docPONumber')).toBe(false);
    // The unsure value's region holds its word and not the label.
    const r = byKey.get('docNumber')!;
    expect(r.x).toBeLessThanOrEqual(260);
    expect(r.x).toBeGreaterThan(190 + 3 * 0.55 * 20);
    expect(r.x + r.width).toBeGreaterThanOrEqual(260 + 9 * 11);
    // Missing values come first.
    expect(regions[0]!.reason).toBe('missing');
  });

  it('reads the amounts again when the total contradicts subtotal + tax', () => {
    const words = [
      w('Subtotal', 600, 900),
      w('$26,912.66', 800, 900),
      w('Sales', 600, 940),
      w('Tax', 660, 940),
      w('$1,682.04', 800, 940),
      w('Total', 600, 980),
      w('$23,594.70', 800, 980),
    ];
    const reasons = regionsToReread(words, 1200, 1600).map((r) => `${r.key} ${r.reason}`);
    expect(reasons).toContain('docTotal contradicted');
    expect(reasons).toContain('_subtotal contradicted');
    // When they agree nothing is read again.
    words[6] = w('$28,594.70', 800, 980);
    expect(regionsToReread(words, 1200, 1600)).toEqual([]);
  });

  const region: Region = {
    key: 'docNumber',
    x: 250,
    y: 90,
    width: 150,
    height: 40,
    position: 'right',
    reason: 'unsure',
  };

  it('keeps the surer reading of a region', () => {
    const page = [w('Invoice', 100, 100), w('ODS64789l', 260, 100, 0.41)];
    const surer = mergeSecondLook(page, region, [w('ODS647891', 261, 101, 0.9)]);
    expect(surer.map((x) => x.text)).toEqual(['Invoice', 'ODS647891']);
    const worse = mergeSecondLook(page, region, [w('0DS6', 261, 101, 0.3)]);
    expect(worse.map((x) => x.text)).toEqual(['Invoice', 'ODS64789l']);
    // Punctuation alone is no reading.
    expect(mergeSecondLook(page, region, [w('.', 261, 101, 0.99)])).toBe(page);
    // A value not seen the first time is added.
    const added = mergeSecondLook([page[0]!], region, [w('ODS647891', 261, 101, 0.6)]);
    expect(added.map((x) => x.text)).toEqual(['Invoice', 'ODS647891']);
  });

  it('lets a second reading vouch for the first, never replace it (the default)', () => {
    const page = [w('Invoice', 100, 100), w('ODS647891', 260, 100, 0.41)];
    // The same characters read twice: as sure as the surer reading.
    const agreed = confirmSecondLook(page, region, [w('ODS647891', 261, 101, 0.93)]);
    expect(agreed.map((x) => [x.text, x.confidence])).toEqual([
      ['Invoice', 0.95],
      ['ODS647891', 0.93],
    ]);
    // Case and punctuation aside ('ODS-647891.' is the same reading).
    expect(confirmSecondLook(page, region, [w('ods-647891.', 261, 101, 0.8)])[1]!.confidence).toBe(
      0.8,
    );
    // A different reading changes nothing: the first stands, as unsure as it was.
    expect(confirmSecondLook(page, region, [w('0DS647891', 261, 101, 0.99)])).toBe(page);
    // A value not read the first time is not added.
    expect(confirmSecondLook([page[0]!], region, [w('ODS647891', 261, 101, 0.99)])).toEqual([
      page[0],
    ]);
  });

  it('reads a look-alike identifier again below the very-sure bar', () => {
    const words = [w('Invoice', 100, 100), w('No.', 190, 100), w('HOB587678', 260, 100, 0.87)];
    expect(regionsToReread(words, 1200, 1600).map((r) => r.reason)).toEqual(['unsure']);
    const plain = [w('Invoice', 100, 100), w('No.', 190, 100), w('BW-15897', 260, 100, 0.87)];
    expect(regionsToReread(plain, 1200, 1600)).toEqual([]);
  });

  it('crops a region with a white margin', () => {
    const page: Gray = { data: new Uint8Array(20 * 10).fill(0), width: 20, height: 10 };
    const crop = cropRegion(page, { ...region, x: 5, y: 2, width: 4, height: 3 }, 2);
    expect(crop.width).toBe(8);
    expect(crop.height).toBe(7);
    expect(crop.data[0]).toBe(255);
    expect(crop.data[2 * 8 + 2]).toBe(0);
  });
});

/** hOCR as tesseract writes it with hocr_char_boxes=1 and lstm_choice_mode=2 (abridged). */
function hocrWord(
  text: string,
  wconf: number,
  chars: [c: string, conf: number, choices?: [string, number][]][],
): string {
  const cs = chars
    .map(
      ([c, conf, choices = [[c, conf]]]) =>
        `<span class='ocrx_cinfo' title='x_bboxes 0 0 10 20; x_conf ${conf}'>${c}</span>\n` +
        `<span class='ocrx_cinfo' id='lstm_choices_1_1_1'>${choices
          .map(
            ([a, k], i) =>
              `<span class='ocrx_cinfo' id='choice_1_1_${i}' title='x_confs ${k}'>${a}</span>`,
          )
          .join('\n')}</span>`,
    )
    .join('\n');
  return `<span class='ocrx_word' id='word_1_1' title='bbox 31 17 218 49; x_wconf ${wconf}'>\n${cs}\n</span>\n`;
}

describe("a second reading's characters (issue 34 item 4)", () => {
  it('reads words, their characters, their confidences and the other choices from hOCR', () => {
    const hocr = `<div class='ocr_page'><span class='ocr_line'>${hocrWord('A&amp;B', 40, [
      ['A', 98.5],
      [
        '&amp;',
        91,
        [
          ['&amp;', 90],
          ['8', 12.5],
        ],
      ],
      ['B', 97],
    ])}</span></div>`;
    const [word] = parseHocr(hocr);
    expect(word).toMatchObject({
      text: 'A&B',
      x: 31,
      y: 17,
      width: 187,
      height: 32,
      confidence: 0.4,
    });
    expect(word!.chars.map((c) => [c.text, c.confidence])).toEqual([
      ['A', 0.985],
      ['&', 0.91],
      ['B', 0.97],
    ]);
    expect(word!.chars[1]!.choices).toEqual([
      { text: '&', confidence: 0.9 },
      { text: '8', confidence: 0.125 },
    ]);
    expect(parseHocr('<div></div>')).toEqual([]);
  });

  const word = (chars: [string, number, [string, number][]?][]): CharWord =>
    parseHocr(hocrWord(chars.map((c) => c[0]).join(''), 30, chars))[0]!;

  it('vouches for a look-alike identifier only when each character is sure and none nearly read as its twin', () => {
    // 'HOB576761': B beside 5, every character ~0.98, the 8 not among B's choices.
    const sure = word([
      ['H', 98],
      [
        'O',
        98,
        [
          ['O', 89],
          ['o', 51],
          ['0', 43],
        ],
      ],
      [
        'B',
        98,
        [
          ['B', 92],
          ['E', 11],
          ['R', 10],
        ],
      ],
      [
        '5',
        98,
        [
          ['5', 95],
          ['S', 20],
        ],
      ],
      ['7', 99],
      ['6', 99],
    ]);
    expect(charsSure([sure])).toBe(true);
    // The B nearly read as 8: not sure, whatever the characters' own confidences.
    const twin = word([
      ['H', 98],
      ['O', 98],
      [
        'B',
        97,
        [
          ['B', 80],
          ['8', 70],
        ],
      ],
      ['5', 98],
    ]);
    expect(charsSure([twin])).toBe(false);
    // The same doubt between two letters is no look-alike across the letter/digit line.
    const letters = word([
      [
        'O',
        97,
        [
          ['O', 80],
          ['0', 75],
        ],
      ],
      ['D', 98],
      ['S', 98],
    ]);
    expect(charsSure([letters])).toBe(true);
    // One unsure character: not sure.
    expect(
      charsSure([
        word([
          ['C', 98],
          ['C', 98],
          ['-', 40],
          ['6', 85],
          ['5', 99],
        ]),
      ]),
    ).toBe(false);
    // Marks do not count; nothing to judge is not sure.
    expect(
      charsSure([
        word([
          ['C', 98],
          ['C', 98],
          ['-', 40],
          ['6', 95],
          ['5', 99],
        ]),
      ]),
    ).toBe(true);
    expect(charsSure([])).toBe(false);
  });

  it('lets two agreeing readings with every character sure vouch for a faint word', () => {
    const region: Region = {
      key: 'docNumber',
      x: 250,
      y: 90,
      width: 250,
      height: 40,
      position: 'right',
      reason: 'unsure',
    };
    const page = [w('Invoice', 100, 100), w('BW-15897', 260, 100, 0)];
    const chars = (conf: number) =>
      ({
        ...w('BW-15897', 261, 101, 0.2),
        chars: [...'BW-15897'].map((c) => ({ text: c, confidence: conf, choices: [] })),
      }) as CharWord;
    expect(confirmSecondLook(page, region, [chars(0.98)])[1]!.confidence).toBe(CHARS_CONFIRMED);
    // Characters not all sure: only the word's own confidence, as before.
    expect(confirmSecondLook(page, region, [chars(0.7)])[1]!.confidence).toBe(0.2);
    // A different reading: the first stands.
    const other = { ...chars(0.99), text: 'BW-16897' };
    expect(confirmSecondLook(page, region, [other])).toBe(page);
    // The same characters in other words: '6613-15' '8' read again as '6613-158' vouches for
    // nothing (the value is taken from the first word; the gap was the misreading).
    const split = [w('Invoice', 100, 100), w('6613-15', 260, 100, 0.6), w('8', 420, 100, 0.6)];
    const whole = {
      ...w('6613-158', 261, 101, 0.95),
      chars: [...'6613-158'].map((c) => ({ text: c, confidence: 0.99, choices: [] })),
    } as CharWord;
    expect(confirmSecondLook(split, region, [whole])).toBe(split);
  });
});

describe('second-look regions on a turned scan', () => {
  it('cuts the region where the words are on the page, not on the levelled line', () => {
    // A level box 200 wide at x 800: on a page climbing 0.035 per pixel (2°) its middle is 31.5
    // lower, and the box 7 taller to hold the climb across it.
    expect(onPage({ x: 800, y: 100, width: 200, height: 30 }, 0.035)).toEqual({
      x: 800,
      y: 100 + 0.035 * 900 - 3.5,
      width: 200,
      height: 37,
    });
    expect(onPage({ x: 800, y: 100, width: 200, height: 30 }, 0)).toEqual({
      x: 800,
      y: 100,
      width: 200,
      height: 30,
    });
  });

  it('finds the value region of a turned line over its words', () => {
    // 'Invoice No.  ODS647891' on a page turned ~2°: each word 0.035 × x lower than the last.
    const slope = 0.035;
    const at = (text: string, x: number, conf = 0.95) => w(text, x, 300 + slope * x, conf);
    const words = [
      at('Invoice', 600),
      at('No.', 700),
      at('ODS647891', 790, 0.6),
      // Other lines so the page's skew can be measured.
      ...[0, 1, 2, 3, 4, 5].flatMap((i) => [
        w('Line', 100 + i * 150, 500 + slope * (100 + i * 150)),
        w('text', 100 + i * 150 + 70, 500 + slope * (100 + i * 150 + 70)),
      ]),
    ];
    const [r] = regionsToReread(words, 1200, 1600);
    expect(r).toMatchObject({ key: 'docNumber', reason: 'unsure' });
    const value = words[2]!;
    const cy = value.y + value.height / 2;
    expect(cy).toBeGreaterThan(r!.y);
    expect(cy).toBeLessThan(r!.y + r!.height);
  });
});

describe('second look at a label (issue 34, session 22)', () => {
  it("reads again a grid's heading OCR garbled over an identifier no label names", () => {
    const words = [
      w('Customer', 60, 70),
      w('#', 160, 70),
      w('Dox', 260, 70, 0.75),
      w('No.', 300, 70, 0.6),
      w('C7241', 60, 100, 0.55),
      w('ODS647891', 260, 100, 0.57),
    ];
    const regions = labelRegionsToReread(words, 1200, 1600);
    expect(regions).toHaveLength(1);
    const r = regions[0]!;
    expect(r.position).toBe('above');
    // The heading's words, not the value's line.
    expect(r.x).toBeLessThanOrEqual(260);
    expect(r.x + r.width).toBeGreaterThanOrEqual(300 + 3 * 11);
    expect(r.y).toBeLessThan(70);
    expect(r.y + r.height).toBeLessThan(100 + 10);
    // Named by a label there is nothing to look for.
    words[2] = w('Doc', 260, 70);
    expect(labelRegionsToReread(words, 1200, 1600)).toEqual([]);
  });

  it('reads the paper left of a column of values whose labels OCR lost, as one block', () => {
    const words = [
      w('4593133556', 950, 130),
      w('897703', 950, 160),
      w('24', 950, 190),
      w('March', 980, 190),
      w('2026', 1040, 190),
      w('7', 950, 220),
      w('February', 970, 220),
      w('2026', 1062, 220),
    ];
    const regions = labelRegionsToReread(words, 1280, 1620);
    expect(regions).toHaveLength(1);
    expect(regions[0]).toMatchObject({ position: 'empty', block: true });
    expect(regions[0]!.y).toBeLessThan(130);
    expect(regions[0]!.y + regions[0]!.height).toBeGreaterThan(240);
    expect(regions[0]!.x + regions[0]!.width).toBeLessThanOrEqual(950);
  });

  it('starts a lost label where the labels beside the values above and below start', () => {
    const words = [
      w('2', 892, 160, 0.46),
      w('0DS664647', 1021, 160, 0.6),
      w('Date:', 806, 190),
      w('Dec', 1015, 190),
      w('21,', 1048, 190),
      w('2025', 1074, 190),
    ];
    const regions = labelRegionsToReread(words, 1188, 1507);
    expect(regions).toHaveLength(1);
    expect(regions[0]!.position).toBe('left');
    expect(regions[0]!.x).toBeLessThanOrEqual(806);
    expect(regions[0]!.x + regions[0]!.width).toBeLessThanOrEqual(1021);
  });

  it('leaves values that are labelled, zip codes, amounts and the line items alone', () => {
    const words = [
      w('Invoice', 100, 100),
      w('No.', 190, 100),
      w('ODS647891', 260, 100),
      w('Odessa,', 100, 130),
      w('TX', 190, 130),
      w('79761', 230, 130),
      w('$28,594.70', 700, 130),
      w('Date:', 100, 160),
      w('May', 260, 160),
      w('15,', 300, 160),
      w('2024', 340, 160),
      w('AFE', 100, 190),
      w('CC-2176', 260, 190),
      w('Due', 100, 250),
      w('Date:', 150, 250),
      w('June', 260, 250),
      w('14,', 310, 250),
      w('2024', 350, 250),
    ];
    // The PO has no value on the page: an identifier is looked for, and none of these is one.
    expect(labelRegionsToReread(words, 1200, 1600)).toEqual([]);
    // A bare identifier below them is.
    words.push(w('4521907365', 700, 300));
    expect(labelRegionsToReread(words, 1200, 1600)).toHaveLength(1);
  });

  const box = { x: 250, y: 60, width: 120, height: 36 };
  it('takes the second reading of a label only when it makes a label the first did not', () => {
    const page = [w('Dox', 260, 70, 0.75), w('No.', 300, 70, 0.6), w('ODS647891', 260, 100)];
    const found = mergeLabelLook(
      page,
      box,
      [w('Doc', 261, 71, 0.9), w('No.', 301, 71)],
      1200,
      1600,
    );
    expect(found.map((x) => x.text).sort()).toEqual(['Doc', 'No.', 'ODS647891']);
    // Still no label: the first reading stays.
    expect(mergeLabelLook(page, box, [w('Box', 261, 71), w('No.', 301, 71)], 1200, 1600)).toBe(
      page,
    );
    // A label the first reading already had: nothing to gain.
    const known = [w('Doc', 260, 70, 0.6), w('No.', 300, 70, 0.6)];
    expect(mergeLabelLook(known, box, [w('Doc', 261, 71), w('No.', 301, 71)], 1200, 1600)).toBe(
      known,
    );
    // Words read outside the region (a neighbouring value) are never taken.
    const stray = mergeLabelLook(
      page,
      box,
      [w('Doc', 261, 71), w('No.', 301, 71), w('X99', 261, 120)],
      1200,
      1600,
    );
    expect(stray.map((x) => x.text)).not.toContain('X99');
  });
});

describe('a value missed beside its label, read again (issue 34, session 23)', () => {
  const sureChars = (text: string, x: number, conf = 0.98, wordConf = 0.3) =>
    ({
      ...w(text, x, 101, wordConf),
      chars: [...text].map((c) => ({ text: c, confidence: conf, choices: [] })),
    }) as CharWord;
  const region = (key: string, reason: Region['reason']): Region => ({
    key,
    x: 250,
    y: 90,
    width: 300,
    height: 40,
    position: 'right',
    reason,
  });

  it('reads the place beside a label with nothing read only for a field the page lacks', () => {
    const words = [w('Doc', 100, 100), w('No.:', 160, 100), w('Payment', 100, 160)];
    words.push(w('Due:', 200, 160));
    const keys = (ws: ReadWord[]) =>
      regionsToReread(ws, 1200, 1600, { missing: false, missingKeys: FILL_IN_KEYS }).map(
        (r) => `${r.key} ${r.reason}`,
      );
    expect(keys(words)).toEqual(['docNumber missing', 'docDueDate missing']);
    // Without the keys (as before) a missing value is not read in confirm mode.
    expect(regionsToReread(words, 1200, 1600, { missing: false })).toEqual([]);
    // The page has its number under another label: the empty place is not read.
    const valued = [...words, w('Invoice', 100, 300), w('No.', 190, 300), w('BW-41744', 260, 300)];
    expect(keys(valued)).toEqual(['docDueDate missing']);
  });

  it('takes the second reading only when every character is sure and it is of its type', () => {
    const page = [w('Doc', 100, 100), w('No.:', 160, 100)];
    const filled = fillInLook(
      page,
      region('docNumber', 'missing'),
      [sureChars('T-52998', 260)],
      1200,
      1600,
    );
    expect(filled.map((x) => [x.text, x.confidence])).toEqual([
      ['Doc', 0.95],
      ['No.:', 0.95],
      ['T-52998', CHARS_CONFIRMED],
    ]);
    // One character under 0.95 (two agreeing readings need 0.9; one needs more): nothing.
    const unsure = sureChars('T-52998', 260);
    unsure.chars[3]!.confidence = 0.93;
    expect(fillInLook(page, region('docNumber', 'missing'), [unsure], 1200, 1600)).toBe(page);
    // Plain words, not hOCR: no characters to judge.
    expect(
      fillInLook(page, region('docNumber', 'missing'), [w('T-52998', 260, 101, 0.99)], 1200, 1600),
    ).toBe(page);
    // Not an identifier ('RECEIVED'), or two words where one is wanted: nothing.
    expect(
      fillInLook(page, region('docNumber', 'missing'), [sureChars('RECEIVED', 260)], 1200, 1600),
    ).toBe(page);
    expect(
      fillInLook(
        page,
        region('docNumber', 'missing'),
        [sureChars('T-52998', 260), sureChars('44', 420)],
        1200,
        1600,
      ),
    ).toBe(page);
    // A look-alike nearly read as its twin ('D' beside '2', '0' a close second) is not sure.
    const twin = sureChars('D25-4838', 260);
    twin.chars[0]!.choices = [
      { text: 'D', confidence: 0.98 },
      { text: '0', confidence: 0.9 },
    ];
    expect(fillInLook(page, region('docAFE', 'missing'), [twin], 1200, 1600)).toBe(page);
  });

  it("replaces a date OCR garbled ('July 19, 202%') with a sure reading, never a total", () => {
    const page = [
      w('Date', 100, 100),
      w('July', 260, 100, 0.9),
      w('19,', 330, 100),
      w('202%', 380, 100, 0.4),
    ];
    const again = [sureChars('July', 260), sureChars('19,', 330), sureChars('2025', 380)];
    const read = fillInLook(page, region('docInvoiceDate', 'unparsed'), again, 1200, 1600);
    expect(read.map((x) => x.text)).toEqual(['Date', 'July', '19,', '2025']);
    // A first reading of its type that was only unsure is for confirmSecondLook, not this.
    expect(fillInLook(page, region('docInvoiceDate', 'unsure'), again, 1200, 1600)).toBe(page);
    // Totals are never supplied by a single reading.
    expect(
      fillInLook(page, region('docTotal', 'missing'), [sureChars('$1,234.56', 260)], 1200, 1600),
    ).toBe(page);
  });
});
