import { Outlet, type RouteObject } from 'react-router';
import { useSession } from '../../features/session/use-session';
import { AdminRequiredPage } from '../pages/admin-required-page';
import { lazyPage } from './lazy-page';

function RequireAdministrator() {
  const { isAdministrator } = useSession();
  // The server refuses these calls too; this only spares the user a screen of errors.
  return isAdministrator ? <Outlet /> : <AdminRequiredPage />;
}

/** Admin screens (spec 3 §2), children of the signed-in shell. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    element: <RequireAdministrator />,
    children: [
      {
        path: 'users',
        lazy: lazyPage(() => import('../../features/users/user-list-page'), 'UserListPage'),
      },
      {
        path: 'user/:id',
        lazy: lazyPage(() => import('../../features/users/user-form-page'), 'UserFormPage'),
      },
      {
        path: 'apikeys',
        lazy: lazyPage(() => import('../../features/api-keys/api-key-list-page'), 'ApiKeyListPage'),
      },
      {
        path: 'inbound-email',
        lazy: lazyPage(
          () => import('../../features/inbound-email/inbound-email-page'),
          'InboundEmailPage',
        ),
      },
      {
        path: 'jobs',
        lazy: lazyPage(() => import('../../features/jobs/failed-jobs-page'), 'FailedJobsPage'),
      },
      {
        path: 'audit',
        lazy: lazyPage(
          () => import('../../features/admin-audit/admin-audit-page'),
          'AdminAuditPage',
        ),
      },
      {
        path: 'approvalpolicies',
        lazy: lazyPage(
          () => import('../../features/approvals/approval-policies-page'),
          'ApprovalPoliciesPage',
        ),
      },
      {
        path: 'codingrules',
        lazy: lazyPage(
          () => import('../../features/coding-rules/coding-rules-page'),
          'CodingRulesPage',
        ),
      },
      {
        path: 'invitation/:invitationId',
        lazy: lazyPage(
          () => import('../../features/invitations/invitation-accept-page'),
          'InvitationAcceptPage',
        ),
      },
      {
        // Matching is case-insensitive, so /admin/LegalDocuments/… and /admin/legalDocuments/… both land here.
        path: 'legalDocuments/:legalDocumentTypeId',
        lazy: lazyPage(
          () => import('../../features/legal-documents/legal-document-list-page'),
          'LegalDocumentListPage',
        ),
      },
      {
        path: 'legalDocument/:legalDocumentTypeId/:id',
        lazy: lazyPage(
          () => import('../../features/legal-documents/legal-document-form-page'),
          'LegalDocumentFormPage',
        ),
      },
      {
        path: 'achs',
        lazy: lazyPage(() => import('../../features/ach/ach-list-page'), 'AchListPage'),
      },
      {
        path: 'ach/:id',
        lazy: lazyPage(() => import('../../features/ach/ach-form-page'), 'AchFormPage'),
      },
      {
        path: 'orgunits',
        lazy: lazyPage(
          () => import('../../features/org-units/org-unit-list-page'),
          'OrgUnitListPage',
        ),
      },
      {
        path: 'orgunit/:id',
        lazy: lazyPage(
          () => import('../../features/org-units/org-unit-form-page'),
          'OrgUnitFormPage',
        ),
      },
      {
        path: 'terminology',
        lazy: lazyPage(
          () => import('../../features/terminology/terminology-page'),
          'TerminologyPage',
        ),
      },
      {
        path: 'connectConnection/:id',
        lazy: lazyPage(
          () => import('../../features/connections/connect-connection-page'),
          'ConnectConnectionPage',
        ),
      },
      {
        path: 'connection/:id',
        lazy: lazyPage(
          () => import('../../features/connections/connection-form-page'),
          'ConnectionFormPage',
        ),
      },
    ],
  },
  // Issue 27 item 20: every member reads the connection and invitation lists (the top bar's
  // Connections button, the Invitations link); their actions are disabled and the server refuses
  // non-administrators' writes.
  {
    path: 'admin/invitations',
    lazy: lazyPage(
      () => import('../../features/invitations/invitation-list-page'),
      'InvitationListPage',
    ),
  },
  {
    path: 'admin/connections',
    lazy: lazyPage(
      () => import('../../features/connections/connection-list-page'),
      'ConnectionListPage',
    ),
  },
  // Issue 32: every member reads price books; members who change data import (the API decides).
  {
    path: 'admin/pricebooks',
    lazy: lazyPage(() => import('../../features/price-books/price-books-page'), 'PriceBooksPage'),
  },
  {
    path: 'admin/parties',
    lazy: lazyPage(
      () => import('../../features/connections/connection-list-page'),
      'ConnectionListPage',
    ),
  },
  // Every role may open an invitation or onboarding link; non-administrators are told to ask their admin.
  {
    path: 'admin/invitations/:invitationToken',
    lazy: lazyPage(
      () => import('../../features/invitations/register-invitation-page'),
      'RegisterInvitationPage',
    ),
  },
  {
    path: 'admin/onboarding/:invitationToken',
    lazy: lazyPage(() => import('../../features/invitations/onboarding-page'), 'OnboardingPage'),
  },
  // Global (support) users only, whatever their role; the page says Page Not found to anyone else.
  {
    path: 'admin/featureflags',
    lazy: lazyPage(
      () => import('../../features/feature-flags/feature-flags-page'),
      'FeatureFlagsPage',
    ),
  },
  // Spec 3 §2: the logo screen has no login guard; the layout shows it without the shell when signed out.
  { path: 'admin/logo', lazy: lazyPage(() => import('../../features/logo/logo-page'), 'LogoPage') },
];
