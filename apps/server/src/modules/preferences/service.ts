import {
  PreferenceKey,
  canEditOwnProfile,
  defaultPreferences,
  isDateFormat,
  type Personalization,
  type PersonalizationUpdate,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import type { UserRow } from '../users/repository';
import { findPreferences, updateOwnProfile, upsertPreferences } from './repository';

/** The user's preferences with the spec's defaults (MM/dd/yyyy, e-mails on) for unset ones. */
export async function getPersonalization(db: Db, user: UserRow): Promise<Personalization> {
  const stored = await findPreferences(db, user.id);
  const dateFormat = stored[PreferenceKey.dateFormat];
  const receiveEmails = stored[PreferenceKey.receiveEmails];
  return {
    ...stored,
    dateFormat: isDateFormat(dateFormat) ? dateFormat : defaultPreferences.dateFormat,
    receiveEmails:
      receiveEmails === undefined ? defaultPreferences.receiveEmails : receiveEmails === 'true',
  };
}

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a?.trim() || null) === (b?.trim() || null);

/**
 * My profile: names, title and preferences. Global users may not edit their profile (spec 2 §2.2),
 * but their own preferences stay theirs: an unsubscribe link must work for everyone.
 */
export async function updatePersonalization(
  db: Db,
  user: UserRow,
  input: PersonalizationUpdate,
): Promise<Personalization> {
  const profileChanged =
    !sameText(user.firstName, input.firstName) ||
    !sameText(user.lastName, input.lastName) ||
    !sameText(user.title, input.title);
  if (profileChanged && !canEditOwnProfile(user.userTypeId)) {
    throw forbidden('Global users cannot edit their profile', 'profile_read_only');
  }
  await db.transaction(async (tx) => {
    if (profileChanged) {
      await updateOwnProfile(tx, user.id, {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        title: input.title?.trim() || null,
      });
    }
    await upsertPreferences(tx, user.id, {
      [PreferenceKey.dateFormat]: input.dateFormat,
      [PreferenceKey.receiveEmails]: String(input.receiveEmails),
    });
  });
  return getPersonalization(db, user);
}
