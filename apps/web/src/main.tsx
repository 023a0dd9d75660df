import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorReporting } from './lib/client-error-reporter';
import { App } from './app/app';

installGlobalErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
