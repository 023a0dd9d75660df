import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** True when any string (or object key) inside the value holds a NUL character. */
export function containsNul(value: unknown): boolean {
  // Iterative, so a deeply nested body cannot overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store NUL in text, so every request carrying one is refused before any
 * route sees it (path, query and parsed body), whichever schema the route has.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (req.url.includes('%00') || containsNul(req.params) || containsNul(req.query))
      throw new AppError(400, 'invalid_characters', NUL_MESSAGE);
    if (req.body !== undefined && !Buffer.isBuffer(req.body) && containsNul(req.body))
      throw new AppError(400, 'invalid_characters', NUL_MESSAGE);
  });
}
