import { lazy, useState } from 'react';
import type * as HomePageModule from '../../features/home/home-page';

let loaded: typeof HomePageModule | null = null;

/** Home's chunk; app.tsx starts it early when a session is stored and the address is `/`. */
export const loadHomePage = () =>
  import('../../features/home/home-page').then((module) => (loaded = module));

const LazyHomePage = lazy(async () => ({ default: (await loadHomePage()).HomePage }));

/**
 * Home, rendered at once when its code is already here (it usually is: it loads beside the
 * shell's). A `React.lazy` suspends on its first render even then, and the shell's Suspense would
 * swap the whole frame for a spinner and throttle the reveal by 300 ms (issue 16 item 4).
 */
export function HomePage() {
  // Chosen once per mount: switching component types later would remount the page.
  const [Page] = useState(() => loaded?.HomePage ?? LazyHomePage);
  return <Page />;
}
