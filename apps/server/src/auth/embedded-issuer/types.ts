import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/mail/mailer';
import type { SigningKeys } from '../keys';

export interface EmbeddedIssuerDeps {
  config: AppConfig;
  db: Db;
  keys: SigningKeys;
  /** For notices to an account (e.g. sign-in paused after failures). */
  mailer?: Mailer;
}
