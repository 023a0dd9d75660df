import { loadConfig } from '../config';
import { createBlobStore } from '../platform/blob-store/index';
import { prepareDatabase } from '../startup';
import { demoLoginsText, isDatabaseEmpty, seedDemoData } from './demo';

/** `npm run seed`: migrate, load reference data and, into an empty database, the demo data. */
const config = loadConfig();
const database = await prepareDatabase(config);
if (await isDatabaseEmpty(database.db)) {
  const blobStore = createBlobStore(config);
  await seedDemoData(database.db, blobStore);
  blobStore.close?.();
  console.log(`Seeded demo data.\n${demoLoginsText()}`);
} else {
  console.log('The database already has companies; demo data not added.');
}
await database.close();
