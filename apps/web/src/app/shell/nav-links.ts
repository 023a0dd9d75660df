import {
  DocumentTypeId,
  LegalDocumentType,
  usesFieldTickets,
  type DocumentTypeSummary,
  type FeatureFlags,
} from '@flowline/shared';

export type NavIcon =
  | 'home'
  | 'inbox'
  | 'approvals'
  | 'exceptions'
  | 'document'
  | 'logo'
  | 'profiles'
  | 'legal'
  | 'ach'
  | 'users'
  | 'apiKeys'
  | 'codingRules'
  | 'priceBooks'
  | 'payments'
  | 'tax'
  | 'approvalPolicies'
  | 'connections'
  | 'invitations'
  | 'system'
  | 'jobs'
  | 'inboundEmail'
  | 'audit'
  | 'terminology'
  | 'flags';

export interface NavLinkItem {
  label: string;
  to: string;
  icon: NavIcon;
}

/**
 * Home, the Inbox (every received document, with the unread count), then one link per document
 * type (spec 2 §2.1); accounting reports only with their flag. Every member reaches every type the
 * company exchanges (issue 27 item 3): an `adminOnly` type (1099) is listed here too — the flag
 * only adds its link to the Administration section as well, where the spec puts it.
 */
export function userNavLinks(
  documentTypes: readonly DocumentTypeSummary[],
  flags: Pick<FeatureFlags, 'accountingReportFlag'>,
  {
    canApprove = false,
    taxDocuments = false,
    partyTypeIds,
  }: {
    canApprove?: boolean;
    /** The company receives 1099s (receivesTaxDocuments): the 'Tax documents' view (issue 31). */
    taxDocuments?: boolean;
    /**
     * The company's party types: the Field Ticket list only for vendors and operators/purchasers
     * (usesFieldTickets, issue 32). Left out: every type is listed.
     */
    partyTypeIds?: readonly number[];
  } = {},
): NavLinkItem[] {
  const types = documentTypes.filter(
    (t) =>
      (!t.isAccountingReport || flags.accountingReportFlag) &&
      (t.id !== DocumentTypeId.FieldTicket ||
        partyTypeIds === undefined ||
        usesFieldTickets(partyTypeIds)),
  );
  return [
    { label: 'Home', to: '/', icon: 'home' },
    { label: 'Inbox', to: '/inbox', icon: 'inbox' },
    // What waits for the user's approval (issue 29 item 3): members who may approve only.
    ...(canApprove
      ? [
          { label: 'My approvals', to: '/my-approvals', icon: 'approvals' } as const,
          // Invoices whose three-way match failed (issue 32 item 4), for the AP clerks.
          { label: 'Match exceptions', to: '/exceptions', icon: 'exceptions' } as const,
        ]
      : []),
    ...types.map((t): NavLinkItem => ({
      label: t.name,
      // Field tickets have their own screen (issue 32): the phone's queue, Sent and Received, the
      // invoice flip; the type's document list stays one link away from it.
      to: t.id === DocumentTypeId.FieldTicket ? '/field-tickets' : `/documentlist/${t.id}`,
      icon: 'document',
    })),
    // The received 1099s by tax year (issue 31 item 5), for every member.
    ...(taxDocuments
      ? [{ label: 'Tax documents', to: '/tax-documents', icon: 'tax' } as const]
      : []),
    // Payment runs made and received (issue 29 item 6), for every member.
    { label: 'Payments', to: '/payment-runs', icon: 'payments' },
  ];
}

const adminLinks: readonly NavLinkItem[] = [
  { label: 'Logo', to: '/admin/logo', icon: 'logo' },
  // Profiles and Connections are shown with the company's own terms (see adminNavLinks).
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
  { label: 'API Keys', to: '/admin/apikeys', icon: 'apiKeys' },
  { label: 'Coding Rules', to: '/admin/codingrules', icon: 'codingRules' },
  { label: 'Price Books', to: '/admin/pricebooks', icon: 'priceBooks' },
  { label: 'Approval Policies', to: '/admin/approvalpolicies', icon: 'approvalPolicies' },
  { label: 'Terminology', to: '/admin/terminology', icon: 'terminology' },
  { label: 'Connections', to: '/admin/parties', icon: 'connections' },
  { label: 'Invitations', to: '/admin/invitations', icon: 'invitations' },
  { label: 'Inbound e-mail', to: '/admin/inbound-email', icon: 'inboundEmail' },
  { label: 'Background jobs', to: '/admin/jobs', icon: 'jobs' },
  { label: 'Audit log', to: '/admin/audit', icon: 'audit' },
];

/** The admin section (Administrators only); on mobile only Invitations remains. */
export function adminNavLinks({
  mobile,
  profilesLabel = 'Profiles',
  connectionsLabel = 'Connections',
}: {
  mobile: boolean;
  /** The plural of the company's term for an org unit (spec 3: 'Profile' by default). */
  profilesLabel?: string;
  /** The plural of the company's term for a party (spec 3: 'Connection' by default). */
  connectionsLabel?: string;
}): NavLinkItem[] {
  const labels: Record<string, string> = {
    '/admin/orgunits': profilesLabel,
    '/admin/parties': connectionsLabel,
  };
  const links = adminLinks.map((l) => ({ ...l, label: labels[l.to] ?? l.label }));
  return mobile ? links.filter((l) => l.to === '/admin/invitations') : links;
}

/** The Support section, for Global (support) users only, whatever their role in the company. */
export const supportNavLinks: readonly NavLinkItem[] = [
  { label: 'System Notifications', to: '/support/systemNotifications', icon: 'system' },
  { label: 'Feature flags', to: '/admin/featureflags', icon: 'flags' },
];
