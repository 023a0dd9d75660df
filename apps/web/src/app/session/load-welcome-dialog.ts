import type * as WelcomeDialogModule from './welcome-dialog';

// The welcome dialog greets only administrators who have not turned it off: its code (a dialog,
// a checkbox) loads for them alone, before the shell's first render so that it opens with it.
let loaded: typeof WelcomeDialogModule | null = null;

export const loadWelcomeDialog = () =>
  import('./welcome-dialog').then((module) => (loaded = module));

export const loadedWelcomeDialog = () => loaded;
