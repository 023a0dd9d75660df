/**
 * A schema built the first time it is used instead of when its module runs. zod builds every
 * schema of a module as the module evaluates — in the browser, ~40 % of the time the entry and the
 * signed-in frame spend evaluating before the first paint (issue 16 item 4), for schemas most of
 * which that page never uses. The production build wraps the shared package's and the app's
 * top-level schemas in this (build/lazy-schemas.ts); tests and the server use them unwrapped.
 *
 * The stand-in forwards every operation to the real schema, so `parse`, `extend`, `shape`,
 * `instanceof` and zod's own use of a nested schema (`schema._zod`) behave as they would on it.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let real: T | undefined;
  const resolve = (): T => (real ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(resolve(), key),
    set: (_, key, value) => Reflect.set(resolve(), key, value),
    has: (_, key) => Reflect.has(resolve(), key),
    ownKeys: () => Reflect.ownKeys(resolve()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(resolve(), key);
      // A proxy may not report a property its (empty) target lacks as non-configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(resolve(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(resolve(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(resolve()),
  });
}
