import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Letter-size pages written line by line in the standard fonts: the PDFs Flowline draws from data
 * (a PIDX invoice without an attachment, a field ticket). Text outside WinAnsi is replaced, never a
 * crash; a line too long for the page is cut at the margin; a full page starts the next one.
 */
export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
export const PAGE_MARGIN = 48;

const printable = (value: string) => value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
const TEXT_COLOUR = rgb(0.1, 0.1, 0.1);

export class TextPages {
  page: PDFPage;
  /** The baseline of the current line (points from the bottom). */
  y = PAGE_HEIGHT - PAGE_MARGIN;
  /** The font the current page is set to (null on a new page). */
  private pageFont: PDFFont | null = null;

  private constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  /** `fixedDates`: the same data draws the same bytes (creation and modification at the epoch). */
  static async create(meta: { title: string; creator: string; fixedDates?: boolean }) {
    const pdf = await PDFDocument.create();
    pdf.setTitle(meta.title);
    pdf.setCreator(meta.creator);
    if (meta.fixedDates) {
      pdf.setCreationDate(new Date(0));
      pdf.setModificationDate(new Date(0));
    }
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    return new TextPages(pdf, font, bold);
  }

  write(value: string, x: number, size = 9, font: PDFFont = this.font) {
    let text = printable(value);
    while (text.length > 1 && font.widthOfTextAtSize(text, size) > PAGE_WIDTH - PAGE_MARGIN - x)
      text = text.slice(0, -1);
    // The page's font is set only when it changes: pdf-lib's drawText with a `font` option adds
    // two entries to the page's font resources per call (each a linear search for a free name),
    // which made a 50-line invoice's page quadratic (issue 30, docs/pidx.md 'Speed').
    if (font !== this.pageFont) {
      this.page.setFont(font);
      this.pageFont = font;
    }
    this.page.drawText(text, { x, y: this.y, size, color: TEXT_COLOUR });
  }

  nextLine(step = 14) {
    this.y -= step;
    if (this.y < PAGE_MARGIN) this.newPage();
  }

  /** A new page unless `room` points are left above the bottom margin. */
  keepRoom(room: number) {
    if (this.y < PAGE_MARGIN + room) this.newPage();
  }

  save() {
    return this.pdf.save();
  }

  private newPage() {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pageFont = null;
    this.y = PAGE_HEIGHT - PAGE_MARGIN;
  }
}
