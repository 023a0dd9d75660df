// Runs before every test file. Files share one module graph per worker (`isolate: false` in
// vitest.config.ts: importing the server once per worker instead of once per file), so state a
// file relies on starting fresh is reset here.
import { restartInvoiceNumbers } from './helpers/document-world';

restartInvoiceNumbers();
