export { useDateFormatter, type DateFormatter } from './use-date-formatter';
export {
  personalizationQueryOptions,
  preferenceKeys,
  usePersonalization,
  useSavePersonalization,
} from './api';
