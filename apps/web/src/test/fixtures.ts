import {
  Role,
  UserType,
  defaultFeatureFlags,
  documentTypes,
  type CurrentUser,
  type DocumentTypeSummary,
  type FeatureFlags,
  type UserCompany,
} from '@flowline/shared';

export function buildCompany(overrides: Partial<UserCompany> = {}): UserCompany {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Company ${id}`,
    code: `C${id}`,
    serviceId: `svc-${id}`,
    isCloud: false,
    url: null,
    onBoardingProcessPending: false,
    partyTypeIds: [1],
    ...overrides,
  };
}

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    externalId: 'ext-7',
    firstName: 'Dana',
    lastName: 'Reyes',
    displayName: 'Dana Reyes',
    emailAddress: 'dana@example.com',
    title: null,
    userType: UserType.Regular,
    isTemporaryPassword: false,
    roles: [Role.User],
    mainRole: Role.User,
    showWelcomeMessage: false,
    companies: [],
    ...overrides,
  };
}

export const documentTypeSummaries: DocumentTypeSummary[] = documentTypes.map((t) => ({
  id: t.id,
  name: t.name,
  documentTypeTemplateId: t.templateId,
  lineItemsEnabled: t.lineItemsEnabled,
  isAccountingReport: t.isAccountingReport,
  adminOnly: t.adminOnly,
}));

export function flags(overrides: Partial<FeatureFlags> = {}): FeatureFlags {
  return { ...defaultFeatureFlags, ...overrides };
}
