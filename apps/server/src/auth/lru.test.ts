import { describe, expect, it } from 'vitest';
import { ExpiringLru } from './lru';

describe('ExpiringLru', () => {
  it('keeps at most `max` entries, dropping the least recently used', () => {
    const lru = new ExpiringLru<string, number>(2);
    lru.set('a', 1, Infinity);
    lru.set('b', 2, Infinity);
    expect(lru.get('a')).toBe(1); // 'b' is now the least recently used
    lru.set('c', 3, Infinity);
    expect(lru.size).toBe(2);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
  });

  it('never returns an entry at or past its expiry, and forgets it', () => {
    const lru = new ExpiringLru<string, number>(10);
    lru.set('token', 1, 1_000);
    expect(lru.get('token', 999)).toBe(1);
    expect(lru.get('token', 1_000)).toBeUndefined();
    expect(lru.size).toBe(0);
  });

  it('drops the entries a predicate matches', () => {
    const lru = new ExpiringLru<string, { userId: number }>(10);
    lru.set('1:a', { userId: 1 }, Infinity);
    lru.set('2:a', { userId: 1 }, Infinity);
    lru.set('1:b', { userId: 2 }, Infinity);
    lru.deleteWhere((v) => v.userId === 1);
    expect(lru.size).toBe(1);
    expect(lru.get('1:b')).toEqual({ userId: 2 });
  });
});
