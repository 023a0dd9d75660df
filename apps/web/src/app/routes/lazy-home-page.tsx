import { lazy } from 'react';

/** Home's chunk; app.tsx starts it early when a session is stored and the address is `/`. */
export const loadHomePage = () => import('../../features/home/home-page');

export const HomePage = lazy(async () => ({ default: (await loadHomePage()).HomePage }));
