import { LegalDocumentType, legalDocumentTypeNames } from '@flowline/shared';

export type LegalDocumentTypeId = (typeof LegalDocumentType)[keyof typeof LegalDocumentType];

export function legalDocumentTypeName(id: string | number | undefined): string {
  return legalDocumentTypeNames[Number(id)] ?? 'Legal Document';
}

/** The route's type id when it is one of the spec's (W9 1, Insurance Certificate 2). */
export function parseLegalDocumentTypeId(id: string | undefined): LegalDocumentTypeId | null {
  const n = Number(id);
  return n === LegalDocumentType.W9 || n === LegalDocumentType.InsuranceCertificate ? n : null;
}

export const legalDocumentListPath = (typeId: number | string) => `/admin/legalDocuments/${typeId}`;
export const legalDocumentFormPath = (typeId: number | string, id: number | 'create') =>
  `/admin/legalDocument/${typeId}/${id}`;
