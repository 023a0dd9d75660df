import {
  chatChannelUrl,
  chatGroupName,
  type ChatMember,
  type ChatMessage,
  type ChatThread,
} from '@flowline/shared';
import type { MessageView } from './repository';

const displayName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ').trim() || 'Former user';

export function fileUrl(channelUrl: string, messageId: number): string {
  return `/api/chat/threads/${channelUrl}/files/${messageId}`;
}

export function toChatMessage(
  m: MessageView,
  channelUrl: string,
  viewerCompanyId: number,
): ChatMessage {
  return {
    id: m.id,
    channelUrl,
    message: m.body,
    sender: {
      userId: m.senderUserId ?? 0,
      displayName: displayName(m.senderFirstName, m.senderLastName),
      companyId: m.senderCompanyId,
      companyName: m.senderCompanyName,
    },
    createdAt: m.createdAt.toISOString(),
    isOwnCompany: m.senderCompanyId === viewerCompanyId,
    document:
      m.documentId === null
        ? null
        : { id: m.documentId, title: m.documentTitle ?? `#${m.documentId}` },
    file:
      m.fileName === null
        ? null
        : {
            name: m.fileName,
            contentType: m.fileContentType ?? 'application/octet-stream',
            size: m.fileSize ?? 0,
            url: fileUrl(channelUrl, m.id),
          },
  };
}

export function toChatMember(row: {
  userId: number;
  firstName: string;
  lastName: string;
  companyId: number;
}): ChatMember {
  return {
    userId: row.userId,
    displayName: displayName(row.firstName, row.lastName),
    companyId: row.companyId,
  };
}

export function toChatThread(input: {
  ownCompanyId: number;
  ownCode: string;
  other: { id: number; name: string; code: string };
  members: ChatMember[];
  lastMessage: ChatMessage | null;
  unreadCount: number;
  isClosed: boolean;
}): ChatThread {
  return {
    channelUrl: chatChannelUrl(input.ownCompanyId, input.other.id),
    name: chatGroupName(input.ownCode, input.other.code),
    connectedCompanyId: input.other.id,
    connectedCompanyName: input.other.name,
    connectedCompanyCode: input.other.code,
    members: input.members,
    lastMessage: input.lastMessage,
    lastMessageDate: input.lastMessage?.createdAt ?? null,
    unreadCount: input.unreadCount,
    isClosed: input.isClosed,
  };
}

/** 'attachment; filename=…' with an RFC 5987 UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
