/**
 * Invoices by e-mail (issue 30 item 3, docs/inbound-email.md): the company's address and the
 * words the SMTP listener answers with and the screens show. One place for both sides.
 */

/** `<company-code>@<domain>`, lower case (mail addresses are compared case-insensitively). */
export function inboundEmailAddress(companyCode: string, domain: string): string {
  return `${companyCode.trim().toLowerCase()}@${domain.trim().toLowerCase()}`;
}

/** The company code an address names, when it is at the inbound domain; null otherwise. */
export function companyCodeOfInboundAddress(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at).trim();
  const host = address
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (host !== domain.trim().toLowerCase()) return null;
  if (!/^[A-Za-z0-9._-]{1,50}$/.test(local)) return null;
  return local.toUpperCase();
}

/** What is read from mail: PDFs and images, as for an upload, and PIDX invoices (XML). */
export const INBOUND_EMAIL_ALLOWED_TYPES = ['PDF', 'PNG', 'JPEG', 'TIFF', 'PIDX XML'] as const;

export const inboundEmailMessages = {
  title: 'Inbound e-mail',
  unknownSender: 'Unknown sender',
  receivedFrom: (address: string) => `Received by e-mail from ${address}`,
  unknownRecipient: (address: string) => `No Flowline mailbox at ${address}`,
  oneRecipient: 'Send to one Flowline mailbox per message',
  tooLarge: (maxBytes: number) =>
    `Message too large: at most ${Math.floor(maxBytes / (1024 * 1024))} MB`,
  tooManyAttachments: (max: number) => `Too many attachments: at most ${max} documents per message`,
  forbiddenType: (fileName: string) =>
    `Attachment ${fileName} is not a PDF, an image or a PIDX invoice (PDF, PNG, JPEG, TIFF, XML)`,
  unreadableFile: (fileName: string) => `Attachment ${fileName} could not be read`,
  noDocuments: 'No PDF, image or PIDX invoice attachment found: nothing to receive',
  invalidPidx: (fileName: string, reason: string) =>
    `Attachment ${fileName} is not a valid PIDX invoice: ${reason}`,
  pidxAttachmentMissing: (fileName: string, location: string) =>
    `Attachment ${fileName} refers to ${location}, which is not attached`,
  pidxAttachmentNotPdf: (fileName: string, location: string) =>
    `Attachment ${fileName} refers to ${location}, which is not a PDF`,
  rateLimited: (perHour: number) =>
    `Too many messages from this sender: at most ${perHour} an hour. Try again later`,
  senderRequired: 'A sender address is required',
  temporaryFailure: 'Could not store the message; try again later',
} as const;
