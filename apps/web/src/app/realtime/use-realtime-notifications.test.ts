import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { NotificationType } from '@flowline/shared';
import { connectionKeys } from '../../features/connections/api';
import { networkKeys } from '../../features/network/api';
import { documentScreenKeys } from '../../features/documents/screen/api';
import { chatKeys } from '../../features/chat/api';
import { refreshAfter, refreshAfterChange } from './use-realtime-notifications';

const listKey = connectionKeys.list({ page: 1, itemsPerPage: 50 } as never);

function seeded() {
  const client = new QueryClient();
  client.setQueryData(listKey, { items: [], totalRecords: 0 });
  client.setQueryData(networkKeys.matchesCount(), 2);
  const invalidated = () => ({
    list: client.getQueryState(listKey)?.isInvalidated,
    badge: client.getQueryState(networkKeys.matchesCount())?.isInvalidated,
  });
  return { client, invalidated };
}

const notice = (title: string) => ({
  id: 1,
  title,
  notificationTypeId: NotificationType.Regular,
});

describe('real-time refresh of the connections', () => {
  it.each([
    'Received invitation',
    'Invitation accepted',
    'Invitation rejected',
    'Connection removed',
  ])("'%s' refreshes the open connections list and the badge", (title) => {
    const { client, invalidated } = seeded();
    refreshAfter(client, notice(title));
    expect(invalidated()).toEqual({ list: true, badge: true });
  });

  it('a document notification leaves them alone; a reconnect refreshes them', () => {
    const { client, invalidated } = seeded();
    refreshAfter(client, notice('Document received'));
    expect(invalidated()).toEqual({ list: false, badge: false });
    refreshAfter(client, null);
    expect(invalidated()).toEqual({ list: true, badge: true });
  });
});

describe('company-wide changes (issue 15)', () => {
  it("a 'connection' event refreshes the connections list and the badge, a 'document' one does not", () => {
    const { client, invalidated } = seeded();
    refreshAfterChange(client, { type: 'document', documentId: 4, change: 'paid' });
    expect(invalidated()).toEqual({ list: false, badge: false });
    refreshAfterChange(client, { type: 'connection', change: 'removed' });
    expect(invalidated()).toEqual({ list: true, badge: true });
  });

  it("a 'document' event refreshes that document and the document lists", () => {
    const client = new QueryClient();
    const screen = documentScreenKeys.document(4);
    client.setQueryData(screen, {});
    client.setQueryData(['document-lists', 'sent'], []);
    refreshAfterChange(client, { type: 'document', documentId: 4, change: 'approved' });
    expect(client.getQueryState(screen)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['document-lists', 'sent'])?.isInvalidated).toBe(true);
  });

  it("a 'chatMessage' event refreshes the chat: thread list, open conversation and badge", () => {
    const { client, invalidated } = seeded();
    const keys = [chatKeys.threadList(''), chatKeys.messages('chat-1-2'), chatKeys.unreadCount()];
    for (const key of keys) client.setQueryData(key, {});
    refreshAfterChange(client, { type: 'chatMessage', channelUrl: 'chat-1-2' });
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(invalidated()).toEqual({ list: false, badge: false });
  });
});
