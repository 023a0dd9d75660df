import { loadConfig } from '../config';
import { rewrapEmbeddedPassphrase } from '../modules/signing/signing-certificate';
import { keyRingFor } from '../platform/crypto/key-ring';
import { prepareDatabase } from '../startup';
import { rotateDatabaseSecrets } from './secrets-at-rest';

/**
 * `npm run keys:rotate` (docs/secrets-at-rest.md): with the new master key first in
 * DATA_ENCRYPTION_KEYS and the old ones after it, re-wraps every data key under the new one.
 * Batches in their own transactions; safe to interrupt and run again. Afterwards the old keys can
 * leave DATA_ENCRYPTION_KEYS.
 */
const config = loadConfig();
const keys = keyRingFor(config);
console.log(`Re-wrapping data keys under "${keys.current.id}" (key ring: ${keys.ids.join(', ')})`);
const database = await prepareDatabase(config);
try {
  const report = await rotateDatabaseSecrets(database.db, keys, {
    onBatch: (table, done) => console.log(`  ${table}: ${done} row(s) re-wrapped`),
  });
  const file = config.signing.p12Path
    ? false
    : await rewrapEmbeddedPassphrase(config.dataDir, keys);
  console.log(
    `Done: ${report.achs} ACH row(s), ${report.issuerKeys} issuer key row(s)${file ? ', the signing passphrase' : ''}.`,
  );
} finally {
  await database.close();
}
