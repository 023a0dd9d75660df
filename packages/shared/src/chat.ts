import { z } from 'zod';
import { MAX_ID, zId } from './schemas/common';

/**
 * Chat between two connected companies (spec 2 §2.5, §3 'Chat party' / 'Chat thread', §7.4, §9;
 * issue 15 item 1; docs/chat.md).
 */

/** Spec 2 §9: history load limit. */
export const CHAT_HISTORY_PAGE_SIZE = 100;
/** Spec 2 §9: thread search minimum length. */
export const CHAT_SEARCH_MIN_LENGTH = 3;
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** How many recipients the new-message box may post to at once. */
export const CHAT_MAX_RECIPIENTS = 50;
export const CHAT_THREADS_PAGE_SIZE = 20;
/** The audience of the chat token (GET /company/{id}/sendBirdSessionToken). */
export const CHAT_TOKEN_AUDIENCE = 'flowline-chat';

export const chatMessages = {
  empty: 'Please write a message before sending.',
  newMessageIncomplete: 'Please select at least one recipient and write a message.',
  sendFailed: 'Failed to send the message. Please try again.',
  openFailed: 'Unable to open conversation.',
  closed: 'This conversation is closed: your companies are no longer connected.',
  recipientMessagingOff:
    'This company does not use messaging in Flowline: it cannot receive messages. Nothing was sent.',
  searchTooShort: 'Search needs at least 3 characters.',
  tooLong: `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
} as const;

/** Spec 2 §9: group name = own company code + '_' + connected company code. */
export function chatGroupName(ownCode: string, connectedCode: string): string {
  return `${ownCode}_${connectedCode}`;
}

/** One thread per company pair: 'chat-{lowCompanyId}-{highCompanyId}'. */
export function chatChannelUrl(companyA: number, companyB: number): string {
  const low = Math.min(companyA, companyB);
  const high = Math.max(companyA, companyB);
  return `chat-${low}-${high}`;
}

/** The two company ids of a channel url, or null when it is not one. */
export function parseChatChannelUrl(channelUrl: string): { low: number; high: number } | null {
  const m = /^chat-([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(channelUrl);
  if (!m) return null;
  const low = Number(m[1]);
  const high = Number(m[2]);
  if (low >= high || high > MAX_ID) return null;
  return { low, high };
}

// ---- Shapes ----------------------------------------------------------------------------------

export const zChatMember = z.object({
  userId: z.number().int(),
  displayName: z.string(),
  companyId: z.number().int(),
});
export type ChatMember = z.infer<typeof zChatMember>;

export const zChatMessage = z.object({
  id: z.number().int(),
  channelUrl: z.string(),
  message: z.string(),
  sender: z.object({
    userId: z.number().int(),
    displayName: z.string(),
    companyId: z.number().int(),
    companyName: z.string(),
  }),
  createdAt: z.string(),
  isOwnCompany: z.boolean(),
  document: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  file: z
    .object({
      name: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      url: z.string(),
    })
    .nullable(),
});
export type ChatMessage = z.infer<typeof zChatMessage>;

export const zChatThread = z.object({
  channelUrl: z.string(),
  name: z.string(),
  connectedCompanyId: z.number().int(),
  connectedCompanyName: z.string(),
  connectedCompanyCode: z.string(),
  members: z.array(zChatMember),
  lastMessage: zChatMessage.nullable(),
  lastMessageDate: z.string().nullable(),
  unreadCount: z.number().int(),
  isClosed: z.boolean(),
});
export type ChatThread = z.infer<typeof zChatThread>;

export const zChatThreadList = z.object({
  items: z.array(zChatThread),
  totalRecords: z.number().int(),
});
export type ChatThreadList = z.infer<typeof zChatThreadList>;

export const zChatMessagePage = z.object({
  items: z.array(zChatMessage),
  hasMore: z.boolean(),
});
export type ChatMessagePage = z.infer<typeof zChatMessagePage>;

export const zChatUnreadCount = z.object({ unreadCount: z.number().int() });
export type ChatUnreadCount = z.infer<typeof zChatUnreadCount>;

export const zChatSessionToken = z.object({ token: z.string(), expiresAt: z.string() });
export type ChatSessionToken = z.infer<typeof zChatSessionToken>;

// ---- Inputs ----------------------------------------------------------------------------------

/** GET /chat/threads: an optional trimmed search of 3+ characters. */
export const zChatThreadListQuery = z.object({
  query: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((q) => (q ? q : undefined))
    .refine((q) => q === undefined || q.length >= CHAT_SEARCH_MIN_LENGTH, {
      message: chatMessages.searchTooShort,
    }),
  page: z.coerce.number().int().min(1).max(MAX_ID).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(CHAT_THREADS_PAGE_SIZE),
});
export type ChatThreadListQuery = z.input<typeof zChatThreadListQuery>;

/** GET /chat/threads/{channelUrl}/messages. */
export const zChatMessagesQuery = z.object({
  before: z.coerce.number().int().positive().max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_PAGE_SIZE).default(CHAT_HISTORY_PAGE_SIZE),
});
export type ChatMessagesQuery = z.input<typeof zChatMessagesQuery>;

/** POST /chat/threads/{channelUrl}/messages. A blank message is allowed only with a document. */
export const zSendChatMessage = z
  .object({
    message: z
      .string({ error: chatMessages.empty })
      .trim()
      .max(CHAT_MESSAGE_MAX_LENGTH, chatMessages.tooLong)
      .default(''),
    documentId: zId.optional(),
  })
  .refine((v) => v.message.length > 0 || v.documentId !== undefined, {
    message: chatMessages.empty,
    path: ['message'],
  });
export type SendChatMessageInput = z.input<typeof zSendChatMessage>;

/** POST /chat/messages: the new-message box. */
export const zNewChatMessage = z.object({
  recipientCompanyIds: z
    .array(zId, { error: chatMessages.newMessageIncomplete })
    .min(1, chatMessages.newMessageIncomplete)
    .max(CHAT_MAX_RECIPIENTS, `At most ${CHAT_MAX_RECIPIENTS} recipients at once.`),
  message: z
    .string({ error: chatMessages.newMessageIncomplete })
    .trim()
    .min(1, chatMessages.newMessageIncomplete)
    .max(CHAT_MESSAGE_MAX_LENGTH, chatMessages.tooLong),
});
export type NewChatMessageInput = z.input<typeof zNewChatMessage>;
