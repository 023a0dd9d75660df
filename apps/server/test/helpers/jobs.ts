import type { FastifyBaseLogger } from 'fastify';

/** A logger for engines built outside an app (they log nothing in tests). */
export const silentLog = {
  debug() {},
  info() {},
  warn() {},
  error() {},
} as unknown as FastifyBaseLogger;
