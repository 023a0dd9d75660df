import { z } from 'zod';

/** GET /api/inbound-email (issue 30 item 3, docs/inbound-email.md). */
export const zInboundEmailDelivery = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  sender: z.string(),
  subject: z.string().nullable(),
  status: z.enum(['accepted', 'refused']),
  reason: z.string().nullable(),
  /** The connection the sender matched; null = 'Unknown sender'. */
  partyName: z.string().nullable(),
  documentIds: z.array(z.number().int()),
});
export type InboundEmailDelivery = z.infer<typeof zInboundEmailDelivery>;

export const zInboundEmail = z.object({
  /** The company's address, e.g. acme@inbound.flowline.local. */
  address: z.string(),
  /** False when this server runs no SMTP listener (INBOUND_SMTP_PORT unset). */
  enabled: z.boolean(),
  limits: z.object({
    maxMessageBytes: z.number().int(),
    maxAttachments: z.number().int(),
    perSenderPerHour: z.number().int(),
    allowedTypes: z.array(z.string()),
  }),
  deliveries: z.array(zInboundEmailDelivery),
});
export type InboundEmail = z.infer<typeof zInboundEmail>;
