// Issue 10 item 7: stored file names carry no control or bidirectional-override characters.
import { describe, expect, it } from 'vitest';
import { cleanUploadFileName } from '../src/http/upload-stream';

describe('cleanUploadFileName', () => {
  it('removes bidirectional overrides that disguise an extension', () => {
    expect(cleanUploadFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(
      cleanUploadFileName('a\u2066b\u2067c\u2068d\u2069e\u202Af\u202Bg\u202Ch\u202Di.pdf'),
    ).toBe('abcdefghi.pdf');
    expect(cleanUploadFileName('x\u200E\u200F\u061Cy.pdf')).toBe('xy.pdf');
  });

  it('removes C0 and C1 control characters and keeps ordinary text', () => {
    expect(cleanUploadFileName('a\u0000b\u0007c\u001Bd\u0085e\u009F.pdf')).toBe('abcde.pdf');
    expect(cleanUploadFileName('Facture réglée – № 12.pdf')).toBe('Facture réglée – № 12.pdf');
  });

  it('keeps only the last path segment and falls back to a name', () => {
    expect(cleanUploadFileName('C:\\Users\\x\\inv.pdf')).toBe('inv.pdf');
    expect(cleanUploadFileName('\u202E\u0000')).toBe('document');
  });
});
