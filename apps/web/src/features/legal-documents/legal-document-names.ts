import { LegalDocumentType } from '@flowline/shared';

export function legalDocumentTypeName(id: string | undefined): string {
  if (id === String(LegalDocumentType.W9)) return 'W9';
  if (id === String(LegalDocumentType.InsuranceCertificate)) return 'Insurance Certificate';
  return 'Legal Document';
}
