import {
  UserType,
  canChangeData,
  chatMessages as msg,
  parseChatChannelUrl,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { forbidden, notFound } from '../../errors';

/**
 * Who may do what in chat (docs/chat.md), deny by default: every active member of the two
 * companies of a thread reads it; people who may change data send (ReadOnly members and API keys
 * never do). A thread of another pair is a 404, exactly like one that does not exist.
 */

export const chatNotFound = () => notFound(msg.openFailed, 'chat_not_found');

export function assertMaySend(ctx: TenantContext): void {
  if (ctx.userType === UserType.ApiKey)
    throw forbidden('API keys cannot send chat messages', 'api_key_forbidden');
  if (!canChangeData(ctx)) throw forbidden('Your role is read-only', 'read_only');
}

export interface ChatPair {
  channelUrl: string;
  low: number;
  high: number;
  /** The caller's company and the other one. */
  ownId: number;
  otherId: number;
}

/** The pair a channel url names, only when the caller's company is one of the two. */
export function pairOf(ctx: TenantContext, channelUrl: string): ChatPair {
  const parsed = parseChatChannelUrl(channelUrl);
  if (!parsed) throw chatNotFound();
  if (parsed.low !== ctx.companyId && parsed.high !== ctx.companyId) throw chatNotFound();
  return {
    channelUrl,
    ...parsed,
    ownId: ctx.companyId,
    otherId: parsed.low === ctx.companyId ? parsed.high : parsed.low,
  };
}
