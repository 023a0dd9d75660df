import {
  DocumentTypeId,
  LegalDocumentType,
  type DocumentTypeSummary,
  type FeatureFlags,
} from '@flowline/shared';

export type NavIcon =
  | 'home'
  | 'document'
  | 'logo'
  | 'profiles'
  | 'legal'
  | 'ach'
  | 'users'
  | 'connections'
  | 'invitations';

export interface NavLinkItem {
  label: string;
  to: string;
  icon: NavIcon;
}

/** Home, then one link per document type (spec 2 §2.1); accounting reports only with their flag. */
export function userNavLinks(
  documentTypes: readonly DocumentTypeSummary[],
  flags: Pick<FeatureFlags, 'accountingReportFlag'>,
): NavLinkItem[] {
  const types = documentTypes.filter(
    (t) => !t.adminOnly && (!t.isAccountingReport || flags.accountingReportFlag),
  );
  return [
    { label: 'Home', to: '/', icon: 'home' },
    ...types.map((t): NavLinkItem => ({
      label: t.name,
      to: `/documentlist/${t.id}`,
      icon: 'document',
    })),
  ];
}

const adminLinks: readonly NavLinkItem[] = [
  { label: 'Logo', to: '/admin/logo', icon: 'logo' },
  // The label comes from terminology later; "Profiles" is the default.
  { label: 'Profiles', to: '/admin/orgunits', icon: 'profiles' },
  { label: 'W9', to: `/admin/legalDocuments/${LegalDocumentType.W9}`, icon: 'legal' },
  {
    label: 'Insurance Certificate',
    to: `/admin/legalDocuments/${LegalDocumentType.InsuranceCertificate}`,
    icon: 'legal',
  },
  { label: 'ACH', to: '/admin/achs', icon: 'ach' },
  { label: '1099', to: `/documentlist/${DocumentTypeId.Form1099}`, icon: 'document' },
  { label: 'Users', to: '/admin/users', icon: 'users' },
  { label: 'Connections', to: '/admin/parties', icon: 'connections' },
  { label: 'Invitations', to: '/admin/invitations', icon: 'invitations' },
];

/** The admin section (Administrators only); on mobile only Invitations remains. */
export function adminNavLinks({ mobile }: { mobile: boolean }): NavLinkItem[] {
  return mobile ? adminLinks.filter((l) => l.to === '/admin/invitations') : [...adminLinks];
}
