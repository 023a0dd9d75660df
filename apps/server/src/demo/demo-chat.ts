import { FeatureFlag, Role, UserType } from '@flowline/shared';
import type { Db } from '../db/client';
import { featureFlags } from '../db/schema/index';
import { postWithoutNotifying } from '../modules/chat/service';

/**
 * Chat demo (issue 15 item 1; docs/chat.md): messaging switched on for every demo company by its
 * own flag row (docs/feature-flags.md), and one conversation between Permian Basin Services
 * (vendor) and Red Mesa Operating (operator), posted through the chat service without
 * notifications. Needs the demo connections (seedDemoDocuments).
 */
export async function seedDemoChat(
  tx: Db,
  companyIds: ReadonlyMap<string, number>,
  userIdsByEmail: ReadonlyMap<string, number>,
): Promise<void> {
  await tx
    .insert(featureFlags)
    .values(
      [...companyIds.values()].map((companyId) => ({ flag: FeatureFlag.messaging, companyId })),
    )
    .onConflictDoNothing();
  const vendorId = companyIds.get('vendor');
  const operatorId = companyIds.get('operator');
  const vendorUser = userIdsByEmail.get('admin@permian.example');
  const operatorUser = userIdsByEmail.get('user@redmesa.example');
  if (!vendorId || !operatorId || !vendorUser || !operatorUser) return;
  const vendor = {
    companyId: vendorId,
    userId: vendorUser,
    userType: UserType.Regular,
    roles: [Role.Administrator],
  };
  const operator = {
    companyId: operatorId,
    userId: operatorUser,
    userType: UserType.Regular,
    roles: [Role.User],
  };
  await postWithoutNotifying(
    tx,
    vendor,
    operatorId,
    'Hi Red Mesa team, we sent the March invoices for the Midland wells today.',
  );
  await postWithoutNotifying(
    tx,
    operator,
    vendorId,
    'Thanks! We will review them this week. Could you add the AFE numbers next time?',
  );
  await postWithoutNotifying(tx, vendor, operatorId, 'Will do — the April batch will have them.');
}
