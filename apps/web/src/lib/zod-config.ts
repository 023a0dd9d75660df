import { z } from 'zod';

// The app's CSP forbids eval, so zod's compiled parsers can never run here: without `jitless` zod
// probes with `new Function` at the first parse, which the browser refuses with a CSP violation
// report — ~15 ms of every page's start (issue 16 item 4) and an error in the console.
z.config({ jitless: true });
