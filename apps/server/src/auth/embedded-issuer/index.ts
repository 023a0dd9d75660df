import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { SigningKeys } from '../keys';

export interface EmbeddedIssuerDeps {
  config: AppConfig;
  db: Db;
  keys: SigningKeys;
}

/** Placeholder: the embedded OpenID Connect issuer is mounted at /oidc. */
export async function registerEmbeddedIssuer(_app: FastifyInstance, _deps: EmbeddedIssuerDeps): Promise<void> {}
