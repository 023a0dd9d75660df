import { COMPANY_ID_HEADER, SELECTED_COMPANY_STORAGE_KEY } from '@flowline/shared';
import { homeRequestUrlsByPartyType } from '../features/home/home-requests';
import { WARM_REQUESTS_GLOBAL } from '../lib/warm-requests';
import { FAST_START_MIN_LIFE_S, STORED_USER_KEY_PREFIX } from './auth/stored-user-key';

/**
 * What the build's warm-start script (build/warm-start.ts) must agree on with the app: read by the
 * build from this module (Vite's `runnerImport`: the build's own config cannot load the shared
 * package's TypeScript), so that a renamed key or a new Home call reaches the script.
 */
export function warmStartValues() {
  return {
    storedUserKeyPrefix: STORED_USER_KEY_PREFIX,
    minTokenLifeS: FAST_START_MIN_LIFE_S,
    companyStorageKey: SELECTED_COMPANY_STORAGE_KEY,
    companyHeader: COMPANY_ID_HEADER,
    requestsGlobal: WARM_REQUESTS_GLOBAL,
    homeByPartyType: homeRequestUrlsByPartyType(),
  };
}

export type WarmStartValues = ReturnType<typeof warmStartValues>;
