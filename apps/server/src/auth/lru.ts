/**
 * A small bounded cache: least recently used entries go first once `max` is reached, and every
 * entry carries its own expiry (epoch ms) after which it is never returned.
 */
export class ExpiringLru<K, V> {
  readonly #entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(readonly max: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (now >= entry.expiresAt) return undefined;
    this.#entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: K, value: V, expiresAt: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt });
    if (this.#entries.size > this.max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  /** Drops every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) if (matches(entry.value)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
