import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouteStatus, noDocumentActions, type DocumentDto } from '@flowline/shared';
import { installSessionApi, renderApp, type SignedInOptions } from '../../../../test/render-app';
import { buildArInvoice, draftValues } from '../test/document-fixtures';

// Issue 29 item 2: Put on hold, Release hold and Dispute on the document screen.
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

describe('hold and dispute on the document screen', () => {
  it('puts on hold with an optional comment', async () => {
    const d = doc();
    const api = install(d, {
      [`POST /api/documents/${d.id}/hold`]: () => ({ ...d, routeStatusId: RouteStatus.OnHold }),
    });
    renderApp(`/documents/${d.id}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Put on hold' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Put on hold' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Comment (optional)' }),
      'Waiting for the ticket',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${d.id}/hold`)[0]?.body).toEqual({
        comment: 'Waiting for the ticket',
      }),
    );
    expect(await screen.findByText('Invoice put on hold')).toBeInTheDocument();
  });

  it('disputes only with a comment', async () => {
    const d = doc();
    const api = install(d, {
      [`POST /api/documents/${d.id}/dispute`]: () => ({
        ...d,
        routeStatusId: RouteStatus.Disputed,
      }),
    });
    renderApp(`/documents/${d.id}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Dispute' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dispute invoice' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispute' }));
    expect(await within(dialog).findByText('A comment is required')).toBeInTheDocument();
    expect(api.find('POST', `/api/documents/${d.id}/dispute`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Wrong rate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispute' }));
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${d.id}/dispute`)[0]?.body).toEqual({
        comment: 'Wrong rate',
      }),
    );
  });

  it('a held invoice offers Release hold and not Approve', async () => {
    const d = doc({
      routeStatusId: RouteStatus.OnHold,
      routeStatus: { id: RouteStatus.OnHold, name: 'On hold' },
      workflowActions: { ...actions, approve: false, hold: false, releaseHold: true },
    });
    const api = install(d, {
      [`POST /api/documents/${d.id}/releasehold`]: () => ({
        ...d,
        routeStatusId: RouteStatus.Viewed,
      }),
    });
    renderApp(`/documents/${d.id}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Release hold' }, { timeout: 10_000 }),
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${d.id}/releasehold`)).toHaveLength(1),
    );
  });

  it('the sender of a disputed invoice reads the comment', async () => {
    const d = doc({
      side: 'sent',
      routeStatusId: RouteStatus.Disputed,
      routeStatus: { id: RouteStatus.Disputed, name: 'Disputed' },
      workflowActions: {
        approve: false,
        reject: false,
        recordPayment: false,
        hold: false,
        releaseHold: false,
        dispute: false,
      },
    });
    install(d, {
      [`GET /api/history/document/${d.id}/disputeComment`]: () => ({ reason: 'Wrong rate' }),
    });
    renderApp(`/documents/${d.id}`);
    expect(await screen.findByText(/Wrong rate/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/Answer with a message in Chat/)).toBeInTheDocument();
  });
});
