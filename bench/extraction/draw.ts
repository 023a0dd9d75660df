import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Random } from './random';

/** A page to draw on with a top-left origin (what the rules see), over pdf-lib's bottom-left. */
export class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}
  get width() {
    return this.page.getWidth();
  }
  get height() {
    return this.page.getHeight();
  }
  text(
    x: number,
    top: number,
    text: string,
    opts: { size?: number; bold?: boolean; align?: 'left' | 'right' | 'center' } = {},
  ): number {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const width = font.widthOfTextAtSize(text, size);
    const left = opts.align === 'right' ? x - width : opts.align === 'center' ? x - width / 2 : x;
    this.page.drawText(text, { x: left, y: this.height - top - size * 0.8, size, font });
    return width;
  }
  widthOf(text: string, size = 10, bold = false): number {
    return (bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(text, size);
  }
  rect(x: number, top: number, w: number, h: number, fill = false): void {
    this.page.drawRectangle({
      x,
      y: this.height - top - h,
      width: w,
      height: h,
      borderColor: rgb(0.2, 0.2, 0.2),
      borderWidth: fill ? 0 : 0.8,
      color: fill ? rgb(0.88, 0.9, 0.93) : undefined,
    });
  }
  hline(x0: number, x1: number, top: number): void {
    this.page.drawLine({
      start: { x: x0, y: this.height - top },
      end: { x: x1, y: this.height - top },
      thickness: 0.7,
      color: rgb(0.3, 0.3, 0.3),
    });
  }
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  family: string;
}

const families = [
  ['Helvetica', StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  ['Times', StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  ['Courier', StandardFonts.Courier, StandardFonts.CourierBold],
] as const;

export async function newDocument(r: Random, family?: string) {
  const doc = await PDFDocument.create();
  const [name, regular, bold] = family ? families.find((f) => f[0] === family)! : r.pick(families);
  const fonts: Fonts = {
    regular: await doc.embedFont(regular),
    bold: await doc.embedFont(bold),
    family: name,
  };
  const addSheet = () => new Sheet(doc.addPage([612, 792]), fonts);
  return { doc, fonts, addSheet };
}
