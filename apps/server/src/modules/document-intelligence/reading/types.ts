/**
 * What reading a document produces: per page, its size and its words with boxes. Coordinates have
 * their origin at the page's top-left corner and use the page's own units — PDF points for PDFs,
 * pixels for images — the same grid as the page's width and height.
 */
export interface ReadWord {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** 0–1; 1 for a PDF's own text layer. */
  confidence: number;
}

export interface ReadPage {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  /** 'text' when the words come from the PDF's text layer, 'ocr' when they were recognised. */
  source: 'text' | 'ocr';
  words: ReadWord[];
}

export type ReadInput = { filePath: string } | { buffer: Buffer };

export interface ReadOptions {
  /** Called after each page is read (n is 1-based). */
  onPage?(n: number, total: number): void;
  /** Reads only up to this page number (type detection needs one or two; the page cap). */
  maxPages?: number;
  /** Starts at this page (1-based; the reading job reads a long document in batches). */
  fromPage?: number;
  /** Told the document's number of pages once it is known, before the first page is read. */
  onPageCount?(total: number): void;
  /**
   * Pages with (almost) no ink are not given to OCR and come back with no words (blank.ts).
   * On by default.
   */
  skipBlank?: boolean;
  /** A request is waiting for the answer: its OCR pages go before the reading jobs' pages. */
  urgent?: boolean;
}
