// `node --import ./record-loaded-modules.mjs`: appends the URL of every ES module (and CommonJS
// module imported from one) the process loads to LOADED_MODULES_FILE, one per line. Used by the
// compiled-server test to check which packages an idle server has loaded.
import { register } from 'node:module';

if (process.env.LOADED_MODULES_FILE) {
  register('./record-loaded-modules-hooks.mjs', import.meta.url, {
    data: { file: process.env.LOADED_MODULES_FILE },
  });
}
