import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';

export interface ModuleOptions {
  config: AppConfig;
  db: Db;
  database: Database;
}

/** An API module: a Fastify plugin registered under /api. */
export type ApiModule = FastifyPluginAsync<ModuleOptions>;
