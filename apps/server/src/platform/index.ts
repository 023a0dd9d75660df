import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { createBlobStore, type BlobStore } from './blob-store/index';
import { registerDevMailPage } from './mail/dev-mail-page';
import { createDevMailbox, createSmtpMailer, type Mailer } from './mail/mailer';
import { createRealtimeHub, type RealtimeHub } from './realtime/hub';

/** The services behind the API, each with an embedded and a production implementation. */
export interface Platform {
  mailer: Mailer;
  blobStore: BlobStore;
  realtime: RealtimeHub;
}

export function createPlatform(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
): Platform {
  const blobStore = createBlobStore(config);
  app.addHook('onClose', async () => blobStore.close?.());
  const realtime = createRealtimeHub(database);
  app.addHook('onClose', () => realtime.close());
  if (config.smtpUrl) return { mailer: createSmtpMailer(config.smtpUrl), blobStore, realtime };
  const mailbox = createDevMailbox(database.db);
  // Never in production and only on request: the page is unauthenticated and shows every mail,
  // temporary passwords included, so it also answers loopback sockets only.
  if (config.devMailbox && config.env !== 'production') registerDevMailPage(app, mailbox);
  return { mailer: mailbox, blobStore, realtime };
}
