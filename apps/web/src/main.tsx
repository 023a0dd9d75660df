import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorReporting } from './lib/client-error-reporter';
import { App } from './app/app';

installGlobalErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A transition: the first render runs in slices that leave the main thread free between them
// (issue 16 item 4), instead of one task the size of the whole first page.
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
