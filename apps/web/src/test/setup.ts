import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Routes load lazily and MUI renders a lot: on a busy 2-core CI machine the first render of a
// screen can take more than Testing Library's default second.
configure({ asyncUtilTimeout: 10000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
