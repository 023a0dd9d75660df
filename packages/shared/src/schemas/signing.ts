import { z } from 'zod';
import { zId } from './common';

/**
 * Division-order signing (issue 13; spec 1 §4 'Pending division order signing', §5 signature
 * dialog, §7 /usersignatureimage). The contract shared by the server and the screen.
 */
export const SIGNATURE_FULL_NAME_MAX = 255;
export const SIGNATURE_DEFAULT_BOX = { width: 300, height: 200 } as const;
export const SIGNATURE_PEN_WIDTH = 2;
/** The typed name is drawn at this share of the canvas height. */
export const SIGNATURE_TEXT_HEIGHT_RATIO = 0.4;
/** The optional reason given with a Return unsigned, at most (issue 27 item 12). */
export const RETURN_REASON_MAX = 2000;
/** A stored signature image at most (a PNG data string without the data: prefix). */
export const SIGNATURE_IMAGE_MAX_BASE64 = 700_000;

export const signingMessages = {
  captureHint: 'Click and drag on the document to select the location of your signature.',
  desktopNeeded:
    'Signing a document needs the desktop version of Flowline. Open this document on a computer to sign it.',
  fullNameRequired: 'Full name is required',
  fullNameTooLong: `Full name can be at most ${SIGNATURE_FULL_NAME_MAX} characters`,
  imageRequired: 'Draw your signature',
  imageInvalid: 'The signature must be a PNG image.',
  consentRequired: 'Agree to sign electronically first.',
  returnedSigned: 'Returned Signed',
  returnedUnsigned: 'Returned Unsigned',
  notFound: 'Signature not found',
  returnUnsignedTitle: 'Return unsigned?',
  returnUnsignedConfirm:
    'The division order goes back to the operator without your signature. This cannot be undone.',
  returnReasonLabel: 'Reason (optional)',
  returnReasonHelp: 'The operator sees it with the returned division order.',
  returnReasonTooLong: `The reason can be at most ${RETURN_REASON_MAX} characters`,
  returnReasonTitle: 'Return Reason',
} as const;

const zFullName = z
  .string({ error: signingMessages.fullNameRequired })
  .trim()
  .min(1, signingMessages.fullNameRequired)
  .max(SIGNATURE_FULL_NAME_MAX, signingMessages.fullNameTooLong);

/** Base64 of a PNG (no 'data:' prefix); the server checks that it decodes as a PNG. */
const zPngBase64 = z
  .string({ error: signingMessages.imageRequired })
  .min(1, signingMessages.imageRequired)
  .max(SIGNATURE_IMAGE_MAX_BASE64, signingMessages.imageInvalid)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, signingMessages.imageInvalid);

/** Spec 1 §3 'User signature'; POST/PUT /usersignatureimage (the user id is the caller's own). */
export const zUserSignatureInput = z.object({
  userId: zId.optional(),
  signatureImageAsBase64: zPngBase64,
  fullName: zFullName,
});
export type UserSignatureInput = z.infer<typeof zUserSignatureInput>;

export const zUserSignature = z.object({
  userId: z.number().int(),
  signatureImageAsBase64: z.string(),
  fullName: z.string(),
  updatedAt: z.string(),
});
export type UserSignature = z.infer<typeof zUserSignature>;

/** Where on which page (1-based): fractions of the page's width and height from its top-left. */
export const zSignatureArea = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().gt(0).max(1),
  height: z.number().gt(0).max(1),
});
export type SignatureArea = z.infer<typeof zSignatureArea>;

/** GET/POST /esign/consent: consent to sign electronically (ESIGN/UETA), versioned. */
export const zEsignConsent = z.object({
  version: z.string(),
  text: z.string(),
  consentedAt: z.string().nullable(),
});
export type EsignConsent = z.infer<typeof zEsignConsent>;
export const zEsignConsentInput = z.object({ version: z.string().min(1).max(50) });

// ---- Decline with a reason (issue 31 item 3) --------------------------------------------------

/** Why an owner declines (returns unsigned) a division order; the labels are the screen's words. */
export const DeclineReason = {
  interestWrong: 'interestWrong',
  nameAddressWrong: 'nameAddressWrong',
  notMyProperty: 'notMyProperty',
  other: 'other',
} as const;
export type DeclineReason = (typeof DeclineReason)[keyof typeof DeclineReason];
export const DECLINE_REASONS = [
  DeclineReason.interestWrong,
  DeclineReason.nameAddressWrong,
  DeclineReason.notMyProperty,
  DeclineReason.other,
] as const;
export const declineReasonLabels: Record<DeclineReason, string> = {
  interestWrong: 'Interest is wrong',
  nameAddressWrong: 'Name/address is wrong',
  notMyProperty: 'Not my property',
  other: 'Other',
};
export const zDeclineReason = z.enum(DECLINE_REASONS, {
  error: () => 'Choose a reason',
});

export const declineMessages = {
  action: 'Decline',
  title: 'Decline this division order?',
  confirm:
    'The division order goes back to the operator unsigned, with your reason. This cannot be undone.',
  reasonLabel: 'Reason',
  reasonRequired: 'Choose a reason',
  detailsLabel: 'Details',
  detailsOptionalLabel: 'Details (optional)',
  detailsRequired: 'Describe the reason',
  detailsTooLong: `The details can be at most ${RETURN_REASON_MAX} characters`,
  help: 'The operator sees the reason with the returned division order.',
  bulkAction: 'Decline selected',
  bulkTitle: (n: number) => `Decline ${n} division order${n === 1 ? '' : 's'}?`,
  bulkProgress: (done: number, total: number) => `Declined ${done} of ${total}`,
  bulkSummary: (declined: number, refused: number) =>
    `${declined} declined${refused ? `, ${refused} not declined` : ''}.`,
} as const;

/** 'Interest is wrong', or 'Other: the owner's words' / 'Interest is wrong: the owner's words'. */
export function declineReasonText(code: DeclineReason, text: string | null | undefined): string {
  const label = declineReasonLabels[code];
  const details = text?.trim();
  return details ? `${label}: ${details}` : label;
}

const zDeclineText = z
  .string()
  .trim()
  .max(RETURN_REASON_MAX, declineMessages.detailsTooLong)
  .nullish()
  .transform((v) => v || null);

/** The reason of a decline: a code from the list; 'other' needs the owner's own words. */
const zDeclineFields = z.object({
  declineReason: zDeclineReason,
  /** The owner's words: required with 'other', optional with the others. */
  reason: zDeclineText,
});

function requireOtherText(
  value: { declineReason: DeclineReason; reason: string | null },
  ctx: z.core.$RefinementCtx,
) {
  if (value.declineReason === DeclineReason.other && !value.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: declineMessages.detailsRequired });
  }
}

/**
 * POST /documents/{id}/return: the owner returns a pending division order, signed (stamped and
 * digitally signed into a new version) or unsigned. Answers the returned document.
 */
export const zReturnDocumentInput = z.discriminatedUnion('signed', [
  z.object({
    signed: z.literal(true),
    fullName: zFullName,
    signatureImageAsBase64: zPngBase64,
    page: z.number().int().min(1).max(10_000),
    area: zSignatureArea,
    /** The consent version the signer agreed to (must be the current one). */
    consentVersion: z.string().min(1).max(50),
    /** Keep this signature for next time (POST/PUT /usersignatureimage). */
    saveSignature: z.boolean().default(true),
  }),
  zDeclineFields.extend({ signed: z.literal(false) }).superRefine(requireOtherText),
]);
export type ReturnDocumentInput = z.input<typeof zReturnDocumentInput>;

/** GET /documents/{id}/evidence/verify: the hash chain and the file hashes, recomputed. */
export const zEvidenceVerification = z.object({
  valid: z.boolean(),
  entries: z.number().int(),
  headHash: z.string().nullable(),
  /** Where the chain breaks (the first bad entry), when it does. */
  brokenAt: z.object({ entryId: z.number().int(), reason: z.string() }).nullable(),
});
export type EvidenceVerification = z.infer<typeof zEvidenceVerification>;

// ---- Sign many at once (issue 31 item 2) ----------------------------------------------------

/** At most this many division orders in one POST /documents/return/bulk. */
export const BULK_RETURN_MAX = 100;
/**
 * Where a signature goes on a document signed in bulk: the last page, this area (page fractions
 * from the top-left, like a dragged box) — just above the owner's signature line at the bottom
 * left, where the division-order letters we generate (and most operators') put it.
 */
export const BULK_SIGNATURE_AREA = { x: 0.08, y: 0.7, width: 0.41, height: 0.085 } as const;

export const bulkSigningMessages = {
  tooMany: `At most ${BULK_RETURN_MAX} division orders at a time`,
  duplicate: 'A division order is listed twice',
  none: 'Select at least one division order',
} as const;

const zBulkIds = z
  .array(zId)
  .min(1, bulkSigningMessages.none)
  .max(BULK_RETURN_MAX, bulkSigningMessages.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, bulkSigningMessages.duplicate);

/**
 * POST /documents/return/bulk: one signature and one consent for many pending division orders.
 * Each is signed exactly as if alone (its own signed version, evidence and certificate), in its
 * own transaction; one refused does not stop the others.
 */
export const zBulkSignInput = z.object({
  ids: zBulkIds,
  signed: z.literal(true),
  fullName: zFullName,
  signatureImageAsBase64: zPngBase64,
  consentVersion: z.string().min(1).max(50),
  saveSignature: z.boolean().default(true),
});

/** Decline many at once (issue 31 item 3): one reason for all, each declined as if alone. */
export const zBulkDeclineInput = zDeclineFields
  .extend({ ids: zBulkIds, signed: z.literal(false) })
  .superRefine(requireOtherText);

export const zBulkReturnInput = z.discriminatedUnion('signed', [zBulkSignInput, zBulkDeclineInput]);
export type BulkReturnInput = z.input<typeof zBulkReturnInput>;
export type BulkReturnRequest = z.infer<typeof zBulkReturnInput>;

export const zBulkReturnItem = z.object({
  /** The id as asked. */
  id: z.number().int(),
  ok: z.boolean(),
  /** The returned document: a signed return answers its new version's id. */
  documentId: z.number().int().nullable(),
  /** Why this one was refused (the single return's status, code and message). */
  error: z.object({ status: z.number().int(), code: z.string(), message: z.string() }).nullable(),
});
export type BulkReturnItem = z.infer<typeof zBulkReturnItem>;

export const zBulkReturnResult = z.object({
  results: z.array(zBulkReturnItem),
  returned: z.number().int(),
  refused: z.number().int(),
});
export type BulkReturnResult = z.infer<typeof zBulkReturnResult>;

// ---- Signature fields (issue 31 item 1) --------------------------------------------------------

/** Who placed a document's signature field: the operator at send time, or the finder. */
export const SIGNATURE_FIELD_SOURCES = ['operator', 'automatic'] as const;
export type SignatureFieldSource = (typeof SIGNATURE_FIELD_SOURCES)[number];

/** The highest page number accepted before the document's own count is checked. */
export const SIGNATURE_FIELD_MAX_PAGE = 10_000;
/** Rounding slack for a box that ends exactly at the page's edge (x + width = 1). */
const EDGE_SLACK = 0.0005;

export const signatureFieldMessages = {
  signHere: 'Sign here',
  captureHintWithField:
    'Click “Sign here” to sign in the highlighted field, or drag on the document to sign elsewhere.',
  signHereLabel: (page: number) => `Sign here: the signature field on page ${page}`,
  placeMode: 'Place signature field',
  placeHint:
    "Drag a box on the page where the owner signs. It is saved with the document and highlighted on the owner's screen.",
  saved: 'Signature field saved',
  outsidePage: 'The signature field must lie within the page',
  pageInvalid: 'Choose a page of the document',
  pageOutOfRange: (pages: number) =>
    `The document has ${pages} page${pages === 1 ? '' : 's'}: choose a page from 1 to ${pages}`,
  notPendingDivisionOrder: 'Signature fields are placed on pending division orders only.',
  alreadyReturned: 'The division order was already returned: its signature field cannot change.',
  senderOnly: 'Only the company that sends the division order places its signature field.',
  automatic: 'Found from the document\u2019s words',
  operator: 'Placed by the operator',
} as const;

/** A signature field: where on which page (1-based) the owner is asked to sign. */
export const zSignatureField = z.object({
  page: z.number().int(),
  area: zSignatureArea,
  source: z.enum(SIGNATURE_FIELD_SOURCES),
  /** The words it was found from (automatic), null when the operator placed it. */
  label: z.string().nullable(),
});
export type SignatureField = z.infer<typeof zSignatureField>;

/** GET/PUT /documents/{id}/signatureField: the document's field, or null when none is known. */
export const zSignatureFieldAnswer = z.object({ field: zSignatureField.nullable() });
export type SignatureFieldAnswer = z.infer<typeof zSignatureFieldAnswer>;

/** PUT /documents/{id}/signatureField: the operator's box (page fractions from the top-left). */
export const zSignatureFieldInput = z.object({
  page: z
    .number({ error: signatureFieldMessages.pageInvalid })
    .int(signatureFieldMessages.pageInvalid)
    .min(1, signatureFieldMessages.pageInvalid)
    .max(SIGNATURE_FIELD_MAX_PAGE, signatureFieldMessages.pageInvalid),
  area: z
    .object({
      x: z
        .number()
        .min(0, signatureFieldMessages.outsidePage)
        .max(1, signatureFieldMessages.outsidePage),
      y: z
        .number()
        .min(0, signatureFieldMessages.outsidePage)
        .max(1, signatureFieldMessages.outsidePage),
      width: z
        .number()
        .gt(0, signatureFieldMessages.outsidePage)
        .max(1, signatureFieldMessages.outsidePage),
      height: z
        .number()
        .gt(0, signatureFieldMessages.outsidePage)
        .max(1, signatureFieldMessages.outsidePage),
    })
    .refine(
      (a) => a.x + a.width <= 1 + EDGE_SLACK && a.y + a.height <= 1 + EDGE_SLACK,
      signatureFieldMessages.outsidePage,
    ),
});
export type SignatureFieldInput = z.infer<typeof zSignatureFieldInput>;
