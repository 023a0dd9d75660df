import {
  keepPreviousData,
  queryOptions,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_SEARCH_MIN_LENGTH,
  zChatMessage,
  zChatMessagePage,
  zChatThread,
  zChatThreadList,
  zChatUnreadCount,
  type NewChatMessageInput,
  type SendChatMessageInput,
} from '@flowline/shared';
import { apiRequest, apiRequestBlob } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { uploadForm } from '../../lib/upload';

/**
 * The chat of spec 2 §2.5 (issue 15 item 1; docs/chat.md): every key lives under ['chat'], so one
 * real-time 'chatMessage' event refreshes the list, the open conversation and the badge.
 */
export const chatKeys = {
  all: ['chat'] as const,
  threads: () => [...chatKeys.all, 'threads'] as const,
  threadList: (query: string) => [...chatKeys.threads(), 'list', query] as const,
  thread: (channelUrl: string) => [...chatKeys.threads(), 'one', channelUrl] as const,
  messages: (channelUrl: string) => [...chatKeys.all, 'messages', channelUrl] as const,
  unreadCount: () => [...chatKeys.all, 'unread-count'] as const,
  parties: () => [...chatKeys.all, 'parties'] as const,
};

const threadPath = (channelUrl: string) => `/chat/threads/${encodeURIComponent(channelUrl)}`;

/** Refetches everything chat shows (after a write, or a real-time event). */
export function invalidateChat(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: chatKeys.all });
}

// ---- Thread list: GET /chat/threads?query= ----------------------------------------------------

/** The server search runs from CHAT_SEARCH_MIN_LENGTH characters; shorter text lists everything. */
export function effectiveChatSearch(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= CHAT_SEARCH_MIN_LENGTH ? trimmed : '';
}

export function getChatThreads(query: string) {
  return apiRequest('/chat/threads', {
    query: { query: query || undefined, page: 1, pageSize: 100 },
    schema: zChatThreadList,
  });
}

export const chatThreadsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: chatKeys.threadList(query),
    queryFn: () => getChatThreads(query),
    placeholderData: keepPreviousData,
  });

/** `enabled`: only while the panel is open (the shell mounts it closed on every page). */
export function useChatThreads(query: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...chatThreadsQueryOptions(query), enabled });
}

// ---- One thread: GET /chat/threads/{channelUrl} ---------------------------------------------

export const chatThreadQueryOptions = (channelUrl: string) =>
  queryOptions({
    queryKey: chatKeys.thread(channelUrl),
    queryFn: () => apiRequest(threadPath(channelUrl), { schema: zChatThread }),
    // The dialog says 'Unable to open conversation.' itself.
    meta: { silent: true },
  });

export function useChatThread(channelUrl: string) {
  return useQuery(chatThreadQueryOptions(channelUrl));
}

// ---- History: GET /chat/threads/{channelUrl}/messages?before= (infinite scroll back) ----------

export function getChatMessages(channelUrl: string, before: number | undefined) {
  return apiRequest(`${threadPath(channelUrl)}/messages`, {
    query: { before, limit: CHAT_HISTORY_PAGE_SIZE },
    schema: zChatMessagePage,
  });
}

/**
 * Pages go back in time: the first page is the newest 100 messages, each next one the 100 before
 * the oldest message loaded so far. Each page's items are oldest first.
 */
export const chatMessagesQueryOptions = (channelUrl: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(channelUrl),
    queryFn: ({ pageParam }) => getChatMessages(channelUrl, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.items[0]?.id : undefined),
    meta: { silent: true },
  });

export function useChatMessages(channelUrl: string) {
  return useInfiniteQuery(chatMessagesQueryOptions(channelUrl));
}

// ---- Unread count: GET /chat/unreadCount (top bar badge) ---------------------------------------

export async function getChatUnreadCount(): Promise<number> {
  try {
    return (await apiRequest('/chat/unreadCount', { schema: zChatUnreadCount })).unreadCount;
  } catch (error) {
    // No chat on this server (yet), or the flag just went off: no badge.
    if (isApiError(error, 404) || isApiError(error, 403)) return 0;
    throw error;
  }
}

export function useChatUnreadCount({ enabled }: { enabled: boolean }): number {
  return (
    useQuery({
      queryKey: chatKeys.unreadCount(),
      queryFn: getChatUnreadCount,
      enabled,
      // Real-time events invalidate this key; the interval only covers a lost websocket.
      refetchInterval: 120_000,
      meta: { silent: true },
    }).data ?? 0
  );
}

// ---- Recipients: GET /party/getChatParties ----------------------------------------------------

export const zChatParty = z.object({
  id: z.number().int(),
  name: z.string(),
  userId: z.number().int().nullable(),
  connectedCompanyCode: z.string(),
  connectedCompanyId: z.number().int(),
});
export type ChatParty = z.infer<typeof zChatParty>;

export function useChatParties({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: chatKeys.parties(),
    queryFn: () => apiRequest('/party/getChatParties', { schema: z.array(zChatParty) }),
    enabled,
  });
}

// ---- Writes ---------------------------------------------------------------------------------

/** POST /chat/messages: the new-message box; answers the threads it posted into. */
export function useStartChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewChatMessageInput) =>
      apiRequest('/chat/messages', {
        method: 'POST',
        body: input,
        schema: z.object({ items: z.array(zChatThread) }),
      }),
    // The box shows 'Failed to send the message. Please try again.' itself.
    meta: { silent: true },
    onSettled: () => invalidateChat(queryClient),
  });
}

/** POST /chat/threads/{channelUrl}/messages. */
export function useSendChatMessage(channelUrl: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendChatMessageInput) =>
      apiRequest(`${threadPath(channelUrl)}/messages`, {
        method: 'POST',
        body: input,
        schema: zChatMessage,
      }),
    meta: { silent: true },
    onSuccess: () => invalidateChat(queryClient),
  });
}

/** POST /chat/threads/{channelUrl}/files (multipart, with upload progress). */
export function useUploadChatFile(channelUrl: string, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadForm(`${threadPath(channelUrl)}/files`, form, {
        schema: zChatMessage,
        onProgress,
      });
    },
    meta: { silent: true },
    onSuccess: () => invalidateChat(queryClient),
  });
}

/** POST /chat/threads/{channelUrl}/read: the thread's badge and the top bar's drop. */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelUrl: string) =>
      apiRequest(`${threadPath(channelUrl)}/read`, { method: 'POST' }),
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
      await queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount() });
    },
  });
}

/** DELETE /chat/threads/{channelUrl} for each selected thread (manage mode). */
export function useDeleteChatThreads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (channelUrls: string[]) => {
      for (const channelUrl of channelUrls) {
        await apiRequest(threadPath(channelUrl), { method: 'DELETE' });
      }
    },
    onSettled: () => invalidateChat(queryClient),
  });
}

/** GET /chat/threads/{channelUrl}/files/{messageId} with the auth headers, handed to the browser. */
export async function downloadChatFile(url: string, fileName: string) {
  const blob = await apiRequestBlob(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
