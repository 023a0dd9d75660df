import { z } from 'zod';
import { LegalDocumentType, PrivacySetting } from '../ids';

/** Uploads are streamed; this bounds what one legal document may weigh. */
export const LEGAL_DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
/** Longer names do not fit the stored file name (and are never real W9 names). */
export const LEGAL_DOCUMENT_MAX_FILE_NAME_LENGTH = 255;
/** Accepted types (spec 3 §5: pdf, doc, png; .docx too). The server checks the content. */
export const LEGAL_DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.png';
export const LEGAL_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'png'] as const;
/** Issue 27 item 26: the company's Administrators are reminded this many days before expiry. */
export const LEGAL_DOCUMENT_EXPIRY_REMINDER_DAYS = 30;
/** Spec 3 §9: the party list of the form loads 100 connections per page. */
export const SHAREABLE_PARTIES_PAGE_SIZE = 100;

export const legalDocumentTypeNames: Record<number, string> = {
  [LegalDocumentType.W9]: 'W9',
  [LegalDocumentType.InsuranceCertificate]: 'Insurance Certificate',
};
export const privacySettingNames: Record<number, string> = {
  [PrivacySetting.Private]: 'Private',
  [PrivacySetting.SharedWithPartners]: 'Shared with partners',
};

/** Messages of spec 3 §5 and §8, spelled exactly as the spec spells them (sic included). */
export const legalDocumentMessages = {
  fileRequired: 'Please select a file',
  partiesRequired: 'Select at least one connection to share the document with',
  wrongType: 'Please choose a PDF, Word (.doc, .docx) or PNG file.',
  tooLarge: 'The file is too large. The maximum size is 25 MB.',
  fileNameTooLong: 'The file name is too long.',
  partyNotConnected: 'Documents can only be shared with your connected connections',
  detailsInvalid: 'The document details are not valid.',
  uploaded: 'Successfully uploaded the document',
  replaced: 'Successfuly replaced the document',
  replaceFailed: 'Cannot upload the new document. Contant support.',
  extractFailed: 'The file was uploaded but extract data failed.',
  uploadFailed: 'Cannot upload this document, please contact support',
  saved: 'Document Saved',
  deleted: 'Document Deleted',
  // Ours (issue 27 item 26): the certificate's optional expiry date.
  expiryInvalid: 'Must be a valid date',
  expiryOnlyForCertificates: 'Only an insurance certificate has an expiry date',
} as const;

/** A calendar day 'YYYY-MM-DD' that exists (no 2026-02-30), between the years 2000 and 2199. */
export function isCalendarDay(value: string): boolean {
  const m = /^(2[01]\d\d)-(\d\d)-(\d\d)$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The expiry date: a calendar day, or null for none. */
const zExpiresOn = z
  .string()
  .refine(isCalendarDay, { message: legalDocumentMessages.expiryInvalid })
  .nullable();
const expiryIssue = {
  message: legalDocumentMessages.expiryOnlyForCertificates,
  path: ['expiresOn'],
};

const zLegalDocumentTypeId = z.union([
  z.literal(LegalDocumentType.W9),
  z.literal(LegalDocumentType.InsuranceCertificate),
]);
const zPrivacySettingId = z.union([
  z.literal(PrivacySetting.Private),
  z.literal(PrivacySetting.SharedWithPartners),
]);
const zPartyIds = z.array(z.number().int().positive()).max(1000);

/** Shared documents need at least one connection; private ones carry none. */
const sharedNeedsParties = (v: { privacySettingId: number; selectedParties: number[] }) =>
  v.privacySettingId !== PrivacySetting.SharedWithPartners || v.selectedParties.length > 0;
const partiesIssue = { message: legalDocumentMessages.partiesRequired, path: ['selectedParties'] };

/** The `detailsDto` part of POST /legaldocuments/upload (a JSON string in the multipart body). */
export const zLegalDocumentUploadDetails = z
  .object({
    legalDocumentTypeId: zLegalDocumentTypeId,
    privacySettingId: zPrivacySettingId,
    isActive: z.boolean(),
    selectedParties: zPartyIds.default([]),
    /** The row's 'replace' button: this document becomes inactive when the new one is stored. */
    replacesLegalDocumentId: z.number().int().positive().optional(),
    /** Insurance certificates only (issue 27 item 26); absent or null: no expiry date. */
    expiresOn: zExpiresOn.optional(),
  })
  .refine(sharedNeedsParties, partiesIssue)
  .refine(
    (v) => v.expiresOn == null || v.legalDocumentTypeId === LegalDocumentType.InsuranceCertificate,
    expiryIssue,
  );
export type LegalDocumentUploadDetails = z.input<typeof zLegalDocumentUploadDetails>;

/**
 * PUT /legaldocuments/{id}/details. Parties are only ever added while shared; making the document
 * Private withdraws every share.
 */
export const zLegalDocumentDetailsUpdate = z
  .object({
    privacySettingId: zPrivacySettingId,
    isActive: z.boolean(),
    selectedParties: zPartyIds.default([]),
    /** Absent: unchanged; null: no expiry date. Insurance certificates only (checked on save). */
    expiresOn: zExpiresOn.optional(),
  })
  .refine(sharedNeedsParties, partiesIssue);
export type LegalDocumentDetailsUpdate = z.input<typeof zLegalDocumentDetailsUpdate>;

export const zLegalDocumentSearch = z.object({
  legalDocumentTypeId: zLegalDocumentTypeId,
  isActive: z.boolean().optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(25),
});
export type LegalDocumentSearch = z.input<typeof zLegalDocumentSearch>;

export const zSharedParty = z.object({ id: z.number().int(), name: z.string() });
export type SharedParty = z.infer<typeof zSharedParty>;

export const zLegalDocument = z.object({
  id: z.number().int(),
  /** When it was uploaded (the list's Upload Date). */
  insertDate: z.string(),
  privacySettingId: z.number().int(),
  isActive: z.boolean(),
  legalDocumentTypeId: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
  contentType: z.string(),
  selectedParties: z.array(zSharedParty),
  /** 'YYYY-MM-DD', insurance certificates only; null: none given. */
  expiresOn: z.string().nullable(),
});
export type LegalDocument = z.infer<typeof zLegalDocument>;

export const zLegalDocumentPage = z.object({
  items: z.array(zLegalDocument),
  totalRecords: z.number().int(),
});
export type LegalDocumentPage = z.infer<typeof zLegalDocumentPage>;

export const zShareablePartiesQuery = z.object({
  query: z.string().max(250).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(SHAREABLE_PARTIES_PAGE_SIZE),
});

export const zShareablePartyPage = z.object({
  items: z.array(zSharedParty),
  totalRecords: z.number().int(),
});
export type ShareablePartyPage = z.infer<typeof zShareablePartyPage>;

/** Client-side check before uploading (the server sniffs the content again). */
export function legalDocumentFileProblem(file: { name: string; size: number }): string | null {
  if (file.name.length > LEGAL_DOCUMENT_MAX_FILE_NAME_LENGTH) {
    return legalDocumentMessages.fileNameTooLong;
  }
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(LEGAL_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) {
    return legalDocumentMessages.wrongType;
  }
  if (file.size > LEGAL_DOCUMENT_MAX_BYTES) return legalDocumentMessages.tooLarge;
  return null;
}
