import { secretAad, type KeyRing } from '../../platform/crypto/envelope';

/**
 * An ACH's routing and account numbers at rest (docs/secrets-at-rest.md): envelopes bound to the
 * row (table, column, id), plus the last four digits that masked lists show without decrypting.
 */
export interface SealedAchNumbers {
  routingNumberEncrypted: string;
  accountNumberEncrypted: string;
  routingLast4: string;
  accountLast4: string;
}

export interface AchNumbers {
  routingNumber: string;
  accountNumber: string;
}

const aad = (column: 'routing_number' | 'account_number', achId: number) =>
  secretAad('achs', column, achId);

export function sealAchNumbers(
  keys: KeyRing,
  achId: number,
  numbers: AchNumbers,
): SealedAchNumbers {
  return {
    routingNumberEncrypted: keys.encrypt(numbers.routingNumber, aad('routing_number', achId)),
    accountNumberEncrypted: keys.encrypt(numbers.accountNumber, aad('account_number', achId)),
    routingLast4: numbers.routingNumber.slice(-4),
    accountLast4: numbers.accountNumber.slice(-4),
  };
}

/** Only for the form's read: throws SecretKeyError (a 500, logged) when the keys do not fit. */
export function openAchNumbers(
  keys: KeyRing,
  row: { id: number; routingNumberEncrypted: string | null; accountNumberEncrypted: string | null },
): AchNumbers {
  if (!row.routingNumberEncrypted || !row.accountNumberEncrypted)
    throw new Error(`ACH ${row.id} has not been encrypted yet (the start-up step did not run)`);
  return {
    routingNumber: keys.decrypt(row.routingNumberEncrypted, aad('routing_number', row.id)),
    accountNumber: keys.decrypt(row.accountNumberEncrypted, aad('account_number', row.id)),
  };
}
