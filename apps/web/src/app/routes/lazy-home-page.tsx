import { FullPageSpinner } from '../../components/full-page-spinner';
import type * as HomePageModule from '../../features/home/home-page';
import { useLoadedModule } from './use-loaded-module';

let loaded: typeof HomePageModule | null = null;

/** Home's chunk; app.tsx starts it early when a session is stored and the address is `/`. */
export const loadHomePage = () =>
  import('../../features/home/home-page').then((module) => (loaded = module));

/**
 * Home, rendered at once when its code is already here (it usually is: it loads beside the
 * shell's), else after it arrives — without `React.lazy`: a lazy component suspends on its first
 * render even when its code is here, and the shell's Suspense fallback then throttles the reveal
 * by 300 ms (issue 16 item 4).
 */
export function HomePage() {
  const module = useLoadedModule(() => loaded, loadHomePage);
  return module ? <module.HomePage /> : <FullPageSpinner />;
}
