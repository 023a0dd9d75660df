import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouteStatus, noDocumentActions, type DocumentDto } from '@flowline/shared';
import { installSessionApi, renderApp, type SignedInOptions } from '../../../../test/render-app';
import { buildArInvoice, draftValues } from '../test/document-fixtures';

// Issue 29 item 5: 'Assign to' on the document screen (the Inbox's bulk dialog for one invoice).
vi.setConfig({ testTimeout: 120_000 });
vi.mock('../viewer/lazy-viewer', () => ({
  LazyFileViewer: ({ source }: { source: { title: string } }) => (
    <div data-testid="viewer">{source.title}</div>
  ),
}));

const actions = {
  approve: true,
  reject: true,
  recordPayment: false,
  hold: true,
  releaseHold: false,
  dispute: true,
};

const doc = (overrides: Partial<DocumentDto> = {}) =>
  buildArInvoice(
    {
      side: 'received',
      routeStatusId: RouteStatus.Viewed,
      routeStatus: { id: RouteStatus.Viewed, name: 'Viewed' },
      isReadOnly: true,
      availableActions: { ...noDocumentActions, close: true },
      workflowActions: actions,
      ...overrides,
    },
    draftValues,
  );

function install(d: DocumentDto, handlers: SignedInOptions['handlers'] = {}) {
  return installSessionApi({
    handlers: {
      [`GET /api/documents/${d.id}`]: () => d,
      [`GET /api/documentAttachments/document/${d.id}`]: () => [],
      [`GET /api/history/document/${d.id}`]: () => [],
      [`GET /api/documents/${d.id}/versions`]: () => [],
      'GET /api/companyorgunit': () => ({ items: [], totalRecords: 0 }),
      ...handlers,
    },
  });
}

describe('Assign to on the document screen', () => {
  it('assigns the waiting approval step to a chosen user and shows the result', async () => {
    const d = doc();
    const api = install(d, {
      [`GET /api/documents/${d.id}/approvals`]: () => ({
        policyName: 'Standard',
        hasPolicy: true,
        steps: [{ number: 1, approverLabel: 'Ana Clerk', approval: null, assigned: null }],
        awaiting: 'Awaiting approval by Ana Clerk (step 1 of 1)',
        canApprove: true,
        approveRefusal: null,
      }),
      'GET /api/approvals/delegates': () => ({ items: [{ id: 8, name: 'Ben Manager' }] }),
      'POST /api/documents/assign': () => ({
        assigned: [],
        refused: [
          {
            documentId: d.id,
            message: "Ben Manager's approval limit is $500.00; this invoice totals $1,250.00.",
          },
        ],
        message: '0 assigned to Ben Manager, 1 could not be assigned',
      }),
    });
    renderApp(`/documents/${d.id}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Assign to' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign 1 document' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Assign to/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ben Manager' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign 1' }));
    expect(
      await within(dialog).findByText(
        "Assigned 0 to Ben Manager, refused 1: Ben Manager's approval limit is $500.00; this invoice totals $1,250.00.",
      ),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/documents/assign')[0]!.body).toEqual({
      documentIds: [d.id],
      userId: 8,
      comment: null,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not offered on an approved invoice', async () => {
    const d = doc({
      routeStatusId: RouteStatus.Approved,
      routeStatus: { id: RouteStatus.Approved, name: 'Approved' },
    });
    install(d);
    renderApp(`/documents/${d.id}`);
    await screen.findByRole('button', { name: 'Reject' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Assign to' })).not.toBeInTheDocument();
  });
});
