import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zChatMessage,
  zChatMessagePage,
  zChatMessagesQuery,
  zChatSessionToken,
  zChatThread,
  zChatThreadList,
  zChatThreadListQuery,
  zChatUnreadCount,
  zIdParam,
  zNewChatMessage,
  zSendChatMessage,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { attachmentDisposition } from './presenter';
import * as service from './service';
import { CHAT_FILE_MAX_BYTES, receiveChatUpload } from './upload-reader';

const zChannel = z.object({ channelUrl: z.string().max(40) });

/** Chat between connected companies (issue 15 item 1; docs/chat.md). */
export const chatRoutes: ApiModule = async (app, { db, blobStore, mailer, config }) => {
  // Multipart only in this plugin's scope (file messages); the reader reports 413 itself.
  await app.register(multipart, { throwFileSizeLimit: false });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];
  const deps = (log: service.ChatDeps['log']) => ({ db, mailer, config, log, blobStore });

  api.get(
    '/chat/threads',
    {
      schema: {
        tags,
        summary: "The user's threads, newest activity first (hidden ones left out)",
        querystring: zChatThreadListQuery,
        response: { 200: zChatThreadList },
      },
    },
    async (req) => service.listThreads(deps(req.log), requireTenant(req), req.query),
  );

  api.get(
    '/chat/unreadCount',
    {
      schema: {
        tags,
        summary: "Unread messages of the other companies over the user's threads",
        response: { 200: zChatUnreadCount },
      },
    },
    async (req) => service.unreadCount(deps(req.log), requireTenant(req)),
  );

  api.post(
    '/chat/messages',
    {
      schema: {
        tags,
        summary: 'The new-message box: posts the text into the thread with each recipient',
        body: zNewChatMessage,
        response: { 201: z.object({ items: z.array(zChatThread) }) },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ items: await service.sendToMany(deps(req.log), requireTenant(req), req.body) }),
  );

  api.get(
    '/chat/threads/:channelUrl',
    {
      schema: { tags, summary: 'One thread', params: zChannel, response: { 200: zChatThread } },
    },
    async (req) => service.getThread(deps(req.log), requireTenant(req), req.params.channelUrl),
  );

  api.delete(
    '/chat/threads/:channelUrl',
    {
      schema: {
        tags,
        summary: 'Hides the thread and its history so far, for this user only',
        params: zChannel,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.hideThread(deps(req.log), requireTenant(req), req.params.channelUrl);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/chat/threads/:channelUrl/messages',
    {
      schema: {
        tags,
        summary: 'The newest messages before `before`, oldest first',
        params: zChannel,
        querystring: zChatMessagesQuery,
        response: { 200: zChatMessagePage },
      },
    },
    async (req) =>
      service.listMessages(deps(req.log), requireTenant(req), req.params.channelUrl, req.query),
  );

  api.post(
    '/chat/threads/:channelUrl/messages',
    {
      schema: {
        tags,
        summary: 'Posts a message (text and/or a document both companies see)',
        params: zChannel,
        body: zSendChatMessage,
        response: { 201: zChatMessage },
      },
    },
    async (req, reply) =>
      reply.status(201).send(
        await service.sendMessage(deps(req.log), requireTenant(req), req.params.channelUrl, {
          body: req.body.message,
          documentId: req.body.documentId,
        }),
      ),
  );

  api.post(
    '/chat/threads/:channelUrl/files',
    {
      bodyLimit: CHAT_FILE_MAX_BYTES + 1024 * 1024,
      schema: {
        tags,
        summary: 'Posts a file (multipart `file`, optional `message`), 25 MB at most',
        consumes: ['multipart/form-data'],
        params: zChannel,
        response: { 201: zChatMessage },
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      const sent = await service.sendFile(deps(req.log), ctx, req.params.channelUrl, () =>
        receiveChatUpload(req, blobStore, ctx.companyId),
      );
      return reply.status(201).send(sent);
    },
  );

  api.get(
    '/chat/threads/:channelUrl/files/:messageId',
    {
      schema: {
        tags,
        summary: "A message's file, as an attachment (participants only)",
        params: zChannel.extend({ messageId: zIdParam }),
        produces: ['application/octet-stream'],
      },
    },
    async (req, reply) => {
      const file = await service.openFile(
        deps(req.log),
        requireTenant(req),
        req.params.channelUrl,
        req.params.messageId,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  api.post(
    '/chat/threads/:channelUrl/read',
    {
      schema: {
        tags,
        summary: "Sets the user's read mark to the newest message",
        params: zChannel,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.markRead(deps(req.log), requireTenant(req), req.params.channelUrl);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/company/:id/sendBirdSessionToken',
    {
      schema: {
        tags,
        summary: 'A 1-hour token the real-time socket accepts for chat (spec 2 §7.4)',
        params: z.object({ id: zIdParam }),
        response: { 200: zChatSessionToken },
      },
    },
    async (req) => service.sessionToken(deps(req.log), requireTenant(req), req.params.id),
  );
};
