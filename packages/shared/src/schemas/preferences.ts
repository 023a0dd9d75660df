import { z } from 'zod';
import { dateFormats, DEFAULT_DATE_FORMAT } from '../rules/dates';
import { messages } from './common';

/** Preference keys stored per user (user_preferences.key). */
export const PreferenceKey = { dateFormat: 'dateFormat', receiveEmails: 'receiveEmails' } as const;

export const defaultPreferences = { dateFormat: DEFAULT_DATE_FORMAT, receiveEmails: true } as const;

export const zDateFormat = z.enum(dateFormats);

/**
 * GET /users/current/personalization: the two preferences of the spec, typed, plus any other
 * stored preference (string values) for screens that keep their own settings.
 */
export const zPersonalization = z.looseObject({
  dateFormat: zDateFormat,
  receiveEmails: z.boolean(),
});
export type Personalization = z.infer<typeof zPersonalization>;

export const USER_TITLE_MAX = 25;
export const USER_PHONE_MAX = 50;
/** users.first_name / last_name columns. */
export const USER_NAME_MAX = 100;

export const maxLengthMessage = (max: number) => `Must be at most ${max} characters`;

const name = z
  .string()
  .trim()
  .min(1, messages.required)
  .max(USER_NAME_MAX, maxLengthMessage(USER_NAME_MAX));

/** PUT /users/current/Personalization and the My profile form (spec 3 §2 User profile). */
export const zPersonalizationUpdate = z.object({
  firstName: name,
  lastName: name,
  title: z.string().trim().max(USER_TITLE_MAX, maxLengthMessage(USER_TITLE_MAX)).nullish(),
  dateFormat: zDateFormat,
  receiveEmails: z.boolean(),
});
export type PersonalizationUpdate = z.infer<typeof zPersonalizationUpdate>;
