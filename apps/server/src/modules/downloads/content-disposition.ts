/**
 * A Content-Disposition header for any user-chosen file name, safe against header injection: the
 * quoted `filename` is an ASCII fallback (control characters, non-ASCII, quotes and backslashes
 * become `_`), the exact name travels as RFC 5987 `filename*` (UTF-8, percent-encoded; every
 * modern browser prefers it). Nothing of the name reaches the header unencoded.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const name = fileName.trim() || 'download';
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987 attr-chars do not allow.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** `scan.tiff` → `scan.pdf` (the name of a document's PDF rendition). */
export function pdfFileName(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${base || 'document'}.pdf`;
}
