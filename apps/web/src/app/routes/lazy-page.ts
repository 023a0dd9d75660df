import type { ComponentType } from 'react';

/** A route's `lazy` loader for a named page export: each page becomes its own chunk. */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return async () => ({ Component: (await load())[name] });
}
