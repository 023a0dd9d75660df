// Issue 29 item 4: the mail's Approve / Reject buttons open the document screen with the dialog
// ready (after sign-in if needed), or say why the action cannot be taken; the link never acts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RouteStatus,
  noDocumentActions,
  type DocumentApprovals,
  type DocumentDto,
} from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';
import { createFakeAuthClient } from '../../test/fake-auth-client';
import { buildArInvoice, draftValues } from '../documents/screen/test/document-fixtures';

vi.setConfig({ testTimeout: 120_000 });
vi.mock('../documents/screen/viewer/lazy-viewer', () => ({
  LazyFileViewer: () => <div data-testid="viewer" />,
}));
afterEach(() => vi.unstubAllGlobals());

const workflow = (approve: boolean) => ({
  approve,
  reject: approve,
  recordPayment: false,
  hold: false,
  releaseHold: false,
  dispute: false,
});

const received = (overrides: Partial<DocumentDto> = {}) =>
  buildArInvoice(
    {
      side: 'received',
      routeStatusId: RouteStatus.Viewed,
      routeStatus: { id: RouteStatus.Viewed, name: 'Viewed' },
      isReadOnly: true,
      availableActions: { ...noDocumentActions, close: true },
      workflowActions: workflow(true),
      ...overrides,
    },
    draftValues,
  );

const chain = (overrides: Partial<DocumentApprovals> = {}): DocumentApprovals => ({
  policyName: 'Two steps',
  hasPolicy: true,
  steps: [
    { number: 1, approverLabel: 'Ana Clerk', approval: null, assigned: null },
    { number: 2, approverLabel: 'Ben Manager', approval: null, assigned: null },
  ],
  awaiting: 'Awaiting approval by Ana Clerk (step 1 of 2)',
  canApprove: true,
  approveRefusal: null,
  ...overrides,
});

function install(doc: DocumentDto, approvals: DocumentApprovals, handlers = {}) {
  return installSessionApi({
    handlers: {
      [`GET /api/documents/${doc.id}`]: () => doc,
      [`GET /api/documents/${doc.id}/approvals`]: () => approvals,
      [`GET /api/documentAttachments/document/${doc.id}`]: () => [],
      [`GET /api/history/document/${doc.id}`]: () => [],
      [`GET /api/documents/${doc.id}/versions`]: () => [],
      'GET /api/companyorgunit': () => ({ items: [], totalRecords: 0 }),
      ...handlers,
    },
  });
}

describe('opening a document from the mail’s buttons', () => {
  it('?action=approve opens the Approve dialog ready for a comment, then leaves the address', async () => {
    const doc = received();
    const api = install(doc, chain(), {
      [`POST /api/documents/${doc.id}/approve`]: () => doc,
    });
    const { router } = renderApp(`/documents/${doc.id}?action=approve`);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Approve document' },
      { timeout: 10_000 },
    );
    expect(within(dialog).getByText('Awaiting approval by Ana Clerk (step 1 of 2)')).toBeVisible();
    // Nothing happened yet: the link only opens the dialog.
    expect(api.find('POST', `/api/documents/${doc.id}/approve`)).toHaveLength(0);
    // The action left the address, so a reload does not open the dialog again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(`/documents/${doc.id}`);
    const comment = within(dialog).getByRole('textbox', { name: 'Comment (optional)' });
    expect(comment).toHaveFocus();
    await userEvent.type(comment, 'Checked against the ticket');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${doc.id}/approve`)[0]?.body).toEqual({
        comment: 'Checked against the ticket',
      }),
    );
  });

  it('?action=reject opens the Reject dialog', async () => {
    const doc = received();
    const api = install(doc, chain());
    const { router } = renderApp(`/documents/${doc.id}?action=reject`);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Reject document' },
      { timeout: 10_000 },
    );
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(api.find('POST', `/api/documents/${doc.id}/reject`)).toHaveLength(0);
  });

  it('says why instead, with the Approve button’s words, when it is not the user’s turn', async () => {
    const refusal = 'Step 1 of 2 must be approved first (awaiting approval by Ana Clerk).';
    const doc = received();
    install(doc, chain({ canApprove: false, approveRefusal: refusal }));
    const { router } = renderApp(`/documents/${doc.id}?action=approve`);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Cannot approve' },
      { timeout: 10_000 },
    );
    expect(dialog).toHaveAccessibleDescription(refusal);
    expect(screen.queryByRole('dialog', { name: 'Approve document' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cannot approve' })).not.toBeInTheDocument(),
    );
    // The same words as the disabled Approve button's explanation.
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveAccessibleDescription(refusal);
  });

  it('says why when the invoice is already approved (no Approve button at all)', async () => {
    const doc = received({
      routeStatusId: RouteStatus.Approved,
      routeStatus: { id: RouteStatus.Approved, name: 'Approved' },
      workflowActions: workflow(false),
    });
    install(doc, chain());
    renderApp(`/documents/${doc.id}?action=approve`);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Cannot approve' },
      { timeout: 10_000 },
    );
    expect(dialog).toHaveAccessibleDescription('A document in status Approved cannot be approved.');
  });

  it('ignores an unknown action, and removes it from the address', async () => {
    const doc = received();
    install(doc, chain());
    const { router } = renderApp(`/documents/${doc.id}?action=pay&tab=1`);
    await screen.findByRole('button', { name: 'Approve' }, { timeout: 10_000 });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the action through sign-in: the guard’s redirectTo carries the query', async () => {
    installSessionApi();
    const auth = createFakeAuthClient({ isAuthenticated: false });
    const { router } = renderApp('/documents/61?action=approve', auth);
    await screen.findByRole('button', { name: 'Login' });
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/documents/61?action=approve',
    );
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith('/documents/61?action=approve'));
  });
});
