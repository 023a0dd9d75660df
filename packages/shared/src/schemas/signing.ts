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
  z.object({ signed: z.literal(false) }),
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
