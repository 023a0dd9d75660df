import type { LegalDocument } from '@flowline/shared';
import type { LegalDocumentRow, PartyName } from './repository';

export function presentLegalDocument(row: LegalDocumentRow, shared: PartyName[]): LegalDocument {
  return {
    id: row.id,
    insertDate: row.createdAt.toISOString(),
    privacySettingId: row.privacySettingId,
    isActive: row.isActive,
    legalDocumentTypeId: row.legalDocumentTypeId,
    fileName: row.fileName,
    fileSize: row.fileSize,
    contentType: row.contentType,
    selectedParties: shared,
    expiresOn: row.expiresOn,
  };
}

/**
 * A Content-Disposition header for any file name: an ASCII fallback with quotes and backslashes
 * removed, plus the exact name as RFC 5987 `filename*` (every modern browser prefers it).
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
