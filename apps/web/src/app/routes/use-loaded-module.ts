import { startTransition, useEffect, useState } from 'react';

/**
 * A module loaded on demand, as state: the module when it is already here, else null until it
 * arrives. Unlike `React.lazy` it never suspends, so no Suspense fallback is committed (React
 * throttles the reveal after one by 300 ms). A failed import is thrown to the error boundary.
 */
export function useLoadedModule<M>(current: () => M | null, load: () => Promise<M>): M | null {
  const [module, setModule] = useState<M | null>(current);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (module) return;
    let live = true;
    load().then(
      // A transition: React renders what arrives in slices of a few milliseconds, yielding to the
      // browser between them, instead of one long task (the shell and Home: ~50 ms at full
      // speed, four times that on a phone — issue 16 item 4).
      (m) => live && startTransition(() => setModule(() => m)),
      (e: unknown) => live && setError(() => e ?? new Error('The page could not be loaded')),
    );
    return () => {
      live = false;
    };
  }, [module, load]);
  if (error) throw error;
  return module;
}
