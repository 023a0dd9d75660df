// Issue 13: the signature lands where the owner dragged it — the area is page fractions from the
// top-left of the page as shown, also on pages turned by /Rotate (rendered with poppler).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, degrees } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaToShownRect, shownPage, stampSignature } from '../src/modules/signing/pdf-signature';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-stamp-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('signature placement', () => {
  it('maps shown points to PDF points for every rotation', () => {
    const crop = { x: 0, y: 0, width: 600, height: 800 };
    expect(shownPage(crop, 0).toPdf(0, 0)).toEqual({ x: 0, y: 800 });
    expect(shownPage(crop, 90)).toMatchObject({ width: 800, height: 600 });
    // Shown top-left is the unrotated page's bottom-left at 90°, its top-right at 270°.
    expect(shownPage(crop, 90).toPdf(0, 0)).toEqual({ x: 0, y: 0 });
    expect(shownPage(crop, 180).toPdf(0, 0)).toEqual({ x: 600, y: 0 });
    expect(shownPage(crop, 270).toPdf(0, 0)).toEqual({ x: 600, y: 800 });
    expect(shownPage({ ...crop, x: 10, y: 20 }, -90).toPdf(0, 0)).toEqual({ x: 610, y: 820 });
    // A box dragged past the edge is kept on the page.
    const rect = areaToShownRect(
      { width: 100, height: 100 },
      { x: 0.9, y: 0.5, width: 0.3, height: 0.2 },
    );
    expect(rect.x).toBeCloseTo(90);
    expect(rect.width).toBeCloseTo(10);
    expect(rect.height).toBeCloseTo(20);
  });

  it.skipIf(!fs.existsSync('/usr/bin/pdftoppm'))(
    'the rendered page shows the signature in the chosen area at 0, 90, 180 and 270 degrees',
    async () => {
      const png = await sharp({
        create: { width: 300, height: 200, channels: 3, background: { r: 0, g: 0, b: 255 } },
      })
        .png()
        .toBuffer();
      for (const angle of [0, 90, 180, 270]) {
        const source = await PDFDocument.create();
        source.addPage([612, 792]).setRotation(degrees(angle));
        const doc = await stampSignature({
          pdf: await source.save(),
          png,
          page: 1,
          area: { x: 0.6, y: 0.1, width: 0.3, height: 0.25 },
          fullName: 'Pat Purchaser',
          signedAt: new Date(),
        });
        const file = path.join(dir, `r${angle}.pdf`);
        fs.writeFileSync(file, await doc.save());
        execFileSync('/usr/bin/pdftoppm', ['-r', '20', '-png', '-singlefile', file, file]);
        const { data, info } = await sharp(`${file}.png`)
          .raw()
          .toBuffer({ resolveWithObject: true });
        const at = (u: number, v: number) => {
          const i =
            (Math.floor(v * info.height) * info.width + Math.floor(u * info.width)) * info.channels;
          const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
          if (r > 240 && g > 240 && b > 240) return 'white';
          if (r < 30 && g < 30 && b > 220) return 'blue';
          return `rgb(${r}, ${g}, ${b})`;
        };
        expect(at(0.75, 0.2), `inside the area at ${angle}°`).toBe('blue');
        expect(at(0.2, 0.8), `far from the area at ${angle}°`).toBe('white');
        expect(at(0.75, 0.6), `below the area at ${angle}°`).toBe('white');
      }
    },
  );
});
