import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { createBlobStore, type BlobStore } from './blob-store/index';
import { registerDevMailPage } from './mail/dev-mail-page';
import { createDevMailbox, createSmtpMailer, type Mailer } from './mail/mailer';

/** The services behind the API, each with an embedded and a production implementation. */
export interface Platform {
  mailer: Mailer;
  blobStore: BlobStore;
}

export function createPlatform(app: FastifyInstance, config: AppConfig, db: Db): Platform {
  const blobStore = createBlobStore(config);
  if (config.smtpUrl) return { mailer: createSmtpMailer(config.smtpUrl), blobStore };
  const mailbox = createDevMailbox(db);
  // Never in production: the page is unauthenticated and would show real mail.
  if (config.env !== 'production') registerDevMailPage(app, mailbox);
  return { mailer: mailbox, blobStore };
}
