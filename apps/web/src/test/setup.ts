import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Test files share a worker (`isolate: false` in vitest.config.ts): the libraries stay loaded,
// but each file starts like a fresh worker would — the app's modules evaluated again (their
// module-level state: the API client's company, the startup dialogs shown, the session
// prefetch…), no global a previous file stubbed (fetch, WebSocket), real timers, an empty body.
vi.resetModules();
vi.unstubAllGlobals();
vi.useRealTimers();
document.body.innerHTML = '';
for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
window.localStorage.clear();
window.sessionStorage.clear();

// Routes load lazily and MUI renders a lot: on a busy 2-core CI machine the first render of a
// screen can take more than Testing Library's default second.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
