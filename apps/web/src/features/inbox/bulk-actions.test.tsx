// Issue 29 item 5 'Bulk work': selection checkboxes in the Inbox and My approvals, and the bulk
// Approve, Put on hold, Assign to and Download with their progress and per-document results.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, inboxColumnHeaders, type Inbox, type InboxItem } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

const invoice = (id: number, number: string): InboxItem => ({
  id,
  documentTypeId: 93,
  documentTypeName: 'AR Invoice',
  routeStatusId: 2,
  isRead: true,
  metadata: {
    documentTypeName: 'AR Invoice',
    number,
    counterparty: 'Permian Basin Services LLC',
    status: 'Received',
  },
});

const inbox: Inbox = {
  columnHeaders: [...inboxColumnHeaders],
  items: [invoice(41, 'INV-41'), invoice(42, 'INV-42'), invoice(43, 'INV-43')],
  totalRecords: 3,
};

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1200, height: 800 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// DataGrid screens in jsdom are slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

async function selectRows(...numbers: string[]) {
  const grid = await screen.findByRole('grid', { name: /Inbox|My approvals/ });
  for (const number of numbers) {
    const row = (await within(grid).findByText(number)).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox'));
  }
}

describe('Inbox bulk work', () => {
  it('approves the selected invoices with a comment and lists each refusal with its reason', async () => {
    const api = installSessionApi({
      handlers: {
        'GET /api/documentroute/inbox': () => inbox,
        'POST /api/documents/approve': () => ({
          approved: [41],
          refused: [
            {
              documentId: 43,
              message: 'Your approval limit is $500.00; this invoice totals $900.00.',
            },
          ],
          message: '1 approved, 1 could not be approved',
        }),
      },
    });
    renderApp('/inbox');
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected documents' });
    expect(within(toolbar).getByRole('button', { name: 'Approve' })).toBeDisabled();
    await selectRows('INV-41', 'INV-43');
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Approve' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 documents' });
    await userEvent.type(
      within(dialog).getByLabelText('Comment (optional)'),
      'Matches the tickets',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve 2' }));

    expect(
      await within(dialog).findByText(
        'Approved 1, refused 1: Your approval limit is $500.00; this invoice totals $900.00.',
      ),
    ).toHaveAttribute('role', 'status');
    const list = within(dialog).getByRole('list', { name: 'Selected documents' });
    expect(within(list).getByText('Approved')).toBeInTheDocument();
    expect(
      within(list).getByText(
        'Not approved: Your approval limit is $500.00; this invoice totals $900.00.',
      ),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/documents/approve')[0]!.body).toEqual({
      documentIds: [41, 43],
      comment: 'Matches the tickets',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(toolbar).getByText('0 selected')).toBeInTheDocument();
  });

  it('assigns the selected invoices to a chosen user, who must be chosen first', async () => {
    const api = installSessionApi({
      handlers: {
        'GET /api/documentroute/inbox': () => inbox,
        'GET /api/documentroute/inbox/myApprovalsCount': () => ({ count: 3 }),
        'GET /api/approvals/delegations': () => ({ items: [] }),
        'GET /api/approvals/delegates': () => ({
          items: [
            { id: 7, name: 'Ana Clerk' },
            { id: 8, name: 'Ben Manager' },
          ],
        }),
        'POST /api/documents/assign': () => ({
          assigned: [41, 42],
          refused: [],
          message: '2 invoices assigned to Ben Manager',
        }),
      },
    });
    renderApp('/my-approvals');
    await selectRows('INV-41', 'INV-42');
    await userEvent.click(screen.getByRole('button', { name: 'Assign to' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 2 documents' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign 2' }));
    expect(await within(dialog).findByText('Choose a user')).toBeInTheDocument();
    expect(api.find('POST', '/api/documents/assign')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Assign to/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ben Manager' }));
    await userEvent.type(within(dialog).getByLabelText('Comment (optional)'), 'Yours');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign 2' }));
    expect(
      await within(dialog).findByText('Assigned 2 to Ben Manager, refused 0'),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/documents/assign')[0]!.body).toEqual({
      documentIds: [41, 42],
      userId: 8,
      comment: 'Yours',
    });
  });

  it('puts the selected invoices on hold a few at a time', async () => {
    const many: Inbox = {
      ...inbox,
      items: Array.from({ length: 7 }, (_, i) => invoice(50 + i, `INV-${50 + i}`)),
      totalRecords: 7,
    };
    const api = installSessionApi({
      handlers: {
        'GET /api/documentroute/inbox': () => many,
        'POST /api/documents/hold': (req) => {
          const ids = (req.body as { documentIds: number[] }).documentIds;
          return { held: ids, refused: [], message: `${ids.length} put on hold` };
        },
      },
    });
    renderApp('/inbox');
    const grid = await screen.findByRole('grid', { name: 'Inbox' });
    await within(grid).findByText('INV-50');
    await userEvent.click(within(grid).getByRole('checkbox', { name: /select all/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Put on hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Put 7 documents on hold' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Put on hold 7' }));
    expect(await within(dialog).findByText('Put on hold 7, refused 0')).toBeInTheDocument();
    // Five, then two: the bar moves between the calls.
    expect(
      api
        .find('POST', '/api/documents/hold')
        .map((r) => (r.body as { documentIds: number[] }).documentIds.length),
    ).toEqual([5, 2]);
  });

  it('downloads the selected documents as one zip; ReadOnly members may only download', async () => {
    const createObjectURL = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = installSessionApi({
      user: { roles: [Role.ReadOnly], mainRole: Role.ReadOnly },
      handlers: {
        'GET /api/documentroute/inbox': () => inbox,
        'POST /api/documents/download.zip': () =>
          new Response('PK', { headers: { 'content-type': 'application/zip' } }),
      },
    });
    renderApp('/inbox');
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected documents' });
    expect(within(toolbar).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: 'Assign to' })).not.toBeInTheDocument();
    await selectRows('INV-42');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download 1 document' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download 1' }));
    expect(await within(dialog).findByText('Downloaded 1 document as one zip')).toBeInTheDocument();
    expect(api.find('POST', '/api/documents/download.zip')[0]!.body).toEqual({ documentIds: [42] });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('shows the server refusal of a download and keeps the dialog open', async () => {
    installSessionApi({
      handlers: {
        'GET /api/documentroute/inbox': () => inbox,
        'POST /api/documents/download.zip': () =>
          new Response(
            JSON.stringify({
              error: { message: 'Document #41 was not found.', code: 'document_not_found' },
            }),
            { status: 404, headers: { 'content-type': 'application/json' } },
          ),
      },
    });
    renderApp('/inbox');
    await selectRows('INV-41');
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download 1 document' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download 1' }));
    expect(await within(dialog).findByText('Document #41 was not found.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download 1' })).toBeEnabled();
  });
});
