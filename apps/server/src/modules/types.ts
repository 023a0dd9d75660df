import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { TokenVerifier } from '../auth/verify-token';
import type { Platform } from '../platform/index';

export interface ModuleOptions extends Platform {
  config: AppConfig;
  db: Db;
  /**
   * For routes that only read (lists, search, dashboards, history): a read replica when one is
   * configured and caught up with the caller's writes, else `db` (docs/read-replicas.md).
   */
  readDb: Db;
  database: Database;
  /** Verifies bearer tokens outside the request hook (the WebSocket authenticates by message). */
  verifyToken: TokenVerifier;
}

/** An API module: a Fastify plugin registered under /api. */
export type ApiModule = FastifyPluginAsync<ModuleOptions>;
