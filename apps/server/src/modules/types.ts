import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { Platform } from '../platform/index';

export interface ModuleOptions extends Platform {
  config: AppConfig;
  db: Db;
  database: Database;
}

/** An API module: a Fastify plugin registered under /api. */
export type ApiModule = FastifyPluginAsync<ModuleOptions>;
