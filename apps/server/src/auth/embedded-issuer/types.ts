import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { SigningKeys } from '../keys';

export interface EmbeddedIssuerDeps {
  config: AppConfig;
  db: Db;
  keys: SigningKeys;
}
