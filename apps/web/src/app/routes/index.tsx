import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { CallbackPage } from '../pages/callback-page';
import { ChatLink } from '../shell/chat-link';
import { NotFoundPage } from '../pages/not-found-page';
import { PublicLayout } from '../pages/public-layout';
import { RouteErrorPage } from '../pages/route-error-page';
import { adminRoutes } from './admin-routes';
import { lazyPage } from './lazy-page';
import { HomePage } from './lazy-home-page';
import { SignedInLayout } from './signed-in-layout';

/** /login is an old address of the landing page; any redirectTo is kept. */
function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/landingpage${search}`} replace />;
}

function PublicPages() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

const register = lazyPage(
  () => import('../../features/registration/register-page'),
  'RegisterPage',
);

/** The whole route table (spec 3 §2), used by the browser router and by tests' memory routers. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        path: 'landingpage',
        lazy: lazyPage(() => import('../pages/landing/landing-page'), 'LandingPage'),
      },
      { path: 'login', element: <LoginRedirect /> },
      { path: 'callback', element: <CallbackPage /> },
      {
        path: 'errorLoading',
        lazy: lazyPage(() => import('../pages/error-loading-page'), 'ErrorLoadingPage'),
      },
      {
        element: <PublicPages />,
        children: [
          { path: 'register', lazy: register },
          { path: 'register/:invitationToken', lazy: register },
          { path: 'onboarding/:invitationToken', lazy: register },
          {
            path: 'confirm-email/:token',
            lazy: lazyPage(
              () => import('../../features/membership-invitations/confirm-email-page'),
              'ConfirmEmailPage',
            ),
          },
          {
            path: 'registersuccess',
            lazy: lazyPage(
              () => import('../../features/registration/register-success-page'),
              'RegisterSuccessPage',
            ),
          },
        ],
      },
      {
        element: <SignedInLayout />,
        children: [
          // A component rather than a route `lazy`: the router runs a matched route's `lazy` before the
          // layout can redirect, so a signed-out `/` (the landing page) would download Home too.
          { index: true, element: <HomePage /> },
          {
            path: 'documents/:id',
            lazy: lazyPage(() => import('../../features/documents/document-page'), 'DocumentPage'),
          },
          {
            path: 'documentlist/:documentTypeId',
            lazy: lazyPage(
              () => import('../../features/documents/document-list-page'),
              'DocumentListPage',
            ),
          },
          {
            path: 'batch/:batchName',
            lazy: lazyPage(() => import('../../features/documents/send/batch-page'), 'BatchPage'),
          },
          {
            path: 'inbox',
            lazy: lazyPage(() => import('../../features/inbox/inbox-page'), 'InboxPage'),
          },
          {
            path: 'my-approvals',
            lazy: lazyPage(() => import('../../features/inbox/inbox-page'), 'MyApprovalsPage'),
          },
          {
            path: 'exceptions',
            lazy: lazyPage(
              () => import('../../features/three-way-match/exceptions-page'),
              'ExceptionsPage',
            ),
          },
          {
            path: 'payment-runs',
            lazy: lazyPage(
              () => import('../../features/payment-runs/payment-runs-page'),
              'PaymentRunsPage',
            ),
          },
          {
            path: 'payment-runs/:id',
            lazy: lazyPage(
              () => import('../../features/payment-runs/payment-run-page'),
              'PaymentRunPage',
            ),
          },
          // Field tickets (issue 32 items 2–3, docs/field-tickets-offline.md).
          {
            path: 'field-tickets',
            lazy: lazyPage(
              () => import('../../features/field-tickets/field-tickets-page'),
              'FieldTicketsPage',
            ),
          },
          {
            path: 'field-tickets/new',
            lazy: lazyPage(
              () => import('../../features/field-tickets/new-field-ticket-page'),
              'NewFieldTicketPage',
            ),
          },
          {
            path: 'field-tickets/queued/:clientId',
            lazy: lazyPage(
              () => import('../../features/field-tickets/queued-ticket-page'),
              'QueuedTicketPage',
            ),
          },
          {
            path: 'field-tickets/queued/:clientId/edit',
            lazy: lazyPage(
              () => import('../../features/field-tickets/new-field-ticket-page'),
              'EditQueuedTicketPage',
            ),
          },
          {
            path: 'field-tickets/queued/:clientId/signoff',
            lazy: lazyPage(
              () => import('../../features/field-tickets/signoff-page'),
              'SignoffPage',
            ),
          },
          {
            path: 'field-tickets/:documentId',
            lazy: lazyPage(
              () => import('../../features/field-tickets/field-ticket-page'),
              'FieldTicketPage',
            ),
          },
          {
            path: 'tax-documents',
            lazy: lazyPage(
              () => import('../../features/tax-documents/tax-documents-page'),
              'TaxDocumentsPage',
            ),
          },
          {
            path: 'search',
            lazy: lazyPage(() => import('../../features/search/search-page'), 'SearchPage'),
          },
          { path: 'chat', element: <ChatLink /> },
          {
            path: 'notifications',
            lazy: lazyPage(
              () => import('../../features/notifications/notifications-page'),
              'NotificationsPage',
            ),
          },
          {
            path: 'membership-invitations',
            lazy: lazyPage(
              () => import('../../features/membership-invitations/membership-invitations-page'),
              'MembershipInvitationsPage',
            ),
          },
          {
            path: 'profile',
            lazy: lazyPage(() => import('../../features/profile/profile-page'), 'ProfilePage'),
          },
          {
            path: 'profile/unsubscribe',
            lazy: lazyPage(() => import('../../features/profile/profile-page'), 'ProfilePage'),
          },
          {
            // Global (support) users only; the page itself says Page Not found to anyone else.
            path: 'support/systemNotifications',
            lazy: lazyPage(
              () => import('../../features/notifications/system-notification-page'),
              'SystemNotificationPage',
            ),
          },
          ...adminRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
