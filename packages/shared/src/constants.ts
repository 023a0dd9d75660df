/** Business constants and limits from the spec (spec 2 §9, spec 3 §9, spec 1 §9). */
export const SNACKBAR_TIMEOUT_MS = 5000;
export const SYSTEM_NOTIFICATION_GAP_MS = 1000;
export const TOKEN_RENEWAL_BEFORE_EXPIRY_S = 5;
export const FEATURE_FLAG_WAIT_MS = 5000;
export const UNAUTHORIZED_LOGOUT_DELAY_MS = 1500;
export const SELECTED_COMPANY_STORAGE_KEY = 'flowline.selectedCompanyId';
export const COMPANY_ID_HEADER = 'Company-Id';
export const PRODUCT_NAME = 'Flowline';
