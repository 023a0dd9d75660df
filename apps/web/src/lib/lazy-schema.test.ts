import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { zSession, zDocumentResultSet } from '@flowline/shared';
import { lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  it('builds the schema only when first used, once', () => {
    const build = vi.fn(() => z.object({ id: z.number().int() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ id: 3 })).toEqual({ id: 3 });
    expect(schema.safeParse({ id: 'x' }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('behaves as the schema inside other schemas, extended, picked and made optional', () => {
    const inner = lazySchema(() => z.object({ name: z.string().min(1, 'Name is required') }));
    const outer = lazySchema(() =>
      z.object({ inner, list: z.array(inner).optional(), tag: z.enum(['a', 'b']) }),
    );
    expect(outer.parse({ inner: { name: 'n' }, tag: 'a' })).toEqual({
      inner: { name: 'n' },
      tag: 'a',
    });
    const failure = outer.safeParse({ inner: { name: '' }, tag: 'a' });
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0]?.message).toBe('Name is required');
    expect(inner.extend({ age: z.number() }).parse({ name: 'n', age: 1 })).toEqual({
      name: 'n',
      age: 1,
    });
    expect(Object.keys(outer.shape)).toEqual(['inner', 'list', 'tag']);
    expect(outer.pick({ tag: true }).parse({ tag: 'b' })).toEqual({ tag: 'b' });
    expect(inner.nullable().parse(null)).toBeNull();
    expect(inner).toBeInstanceOf(z.ZodObject);
  });

  it('works in discriminated unions and with refinements', () => {
    const a = lazySchema(() => z.object({ kind: z.literal('a'), n: z.number() }));
    const b = lazySchema(() => z.object({ kind: z.literal('b'), s: z.string() }));
    const either = z.discriminatedUnion('kind', [a, b]);
    expect(either.parse({ kind: 'b', s: 'x' })).toEqual({ kind: 'b', s: 'x' });
    expect(either.safeParse({ kind: 'a', s: 'x' }).success).toBe(false);
    const even = lazySchema(() => z.number().refine((n) => n % 2 === 0, 'Must be even'));
    expect(even.safeParse(3).error?.issues[0]?.message).toBe('Must be even');
  });

  it('gives the same answers as the shared schemas themselves', () => {
    const session = lazySchema(() => zSession);
    const results = lazySchema(() => zDocumentResultSet);
    for (const value of [{}, { companies: [], user: null, company: null }]) {
      expect(session.safeParse(value).success).toBe(zSession.safeParse(value).success);
      expect(results.safeParse(value).success).toBe(zDocumentResultSet.safeParse(value).success);
    }
  });
});
