// Issue 31 item 4: the analyst's view of the Pending Division Order list — Response, decline
// reason, days outstanding; the filters go to the server; Remind shows each result; Download
// signed posts the signed ones; Export CSV asks with the filters; Administrators set the
// automatic reminders.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DocumentTypeId,
  PartyType,
  Role,
  divisionOrderMessages,
  type DivisionOrderRow,
} from '@flowline/shared';
import { buildCompany } from '../../test/fixtures';
import { installSessionApi, renderApp } from '../../test/render-app';
import { parseAutoRemindDays } from './reminder-settings-dialog';

const operator = buildCompany({ partyTypeIds: [PartyType.Operator] });
const owner = buildCompany({ partyTypeIds: [PartyType.Owner] });
const typeId = DocumentTypeId.PendingDivisionOrder;

const base: DivisionOrderRow = {
  id: 0,
  owner: 'Hawthorne Royalty Trust',
  property: null,
  well: 'Well 1',
  decimalInterest: '0.01250000',
  effectiveDate: '2026-09-01',
  sentAt: '2026-11-01T10:00:00.000Z',
  response: 'awaiting',
  declineReason: null,
  declineText: null,
  daysOutstanding: 9,
  lastRemindedAt: null,
  reminderCount: 0,
};
const rows: DivisionOrderRow[] = [
  { ...base, id: 51, property: 'Pecos Draw Unit' },
  { ...base, id: 52, property: 'Red Bluff Unit', lastRemindedAt: '2026-11-09T10:00:00.000Z' },
  { ...base, id: 53, property: 'Mesa Verde Unit', response: 'signed', daysOutstanding: null },
  {
    ...base,
    id: 54,
    property: 'Caprock State Lease',
    response: 'unsigned',
    daysOutstanding: null,
    declineReason: 'interestWrong',
    declineText: 'Interest is wrong: ours is 0.125',
  },
];

function installResponsesApi(roles: number[] = [Role.Administrator], company = operator) {
  let setting: number | null = null;
  return installSessionApi({
    companies: [company],
    user: { roles, mainRole: roles[0] },
    handlers: {
      [`GET /api/documentroute/all/${typeId}`]: () => ({ columns: [], rows: [], totalRecords: 0 }),
      'GET /api/division-orders/responses': (req) => {
        const q = new URLSearchParams(req.search);
        const response = q.get('response');
        const shown =
          company === owner ? [] : rows.filter((r) => !response || r.response === response);
        return { rows: shown, totalRecords: shown.length };
      },
      'POST /api/division-orders/remind': (req) => {
        const ids = (req.body as { ids: number[] }).ids;
        const results = ids.map((id) =>
          id === 52
            ? {
                id,
                ok: false,
                error: {
                  status: 429,
                  code: 'reminder_too_soon',
                  message: divisionOrderMessages.reminderTooSoon,
                },
              }
            : { id, ok: true, error: null },
        );
        const reminded = results.filter((r) => r.ok).length;
        return { results, reminded, refused: results.length - reminded };
      },
      'POST /api/division-orders/signed.zip': () =>
        new Response('PK', { headers: { 'content-type': 'application/zip' } }),
      'GET /api/division-orders/responses.csv': () =>
        new Response('Doc #\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="responses.csv"',
          },
        }),
      'GET /api/division-orders/settings': () => ({ autoRemindAfterDays: setting }),
      'PUT /api/division-orders/settings': (req) => {
        setting = (req.body as { autoRemindAfterDays: number | null }).autoRemindAfterDays;
        return { autoRemindAfterDays: setting };
      },
    },
  });
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1400, height: 800 }),
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
vi.setConfig({ testTimeout: 120_000 });

async function openResponses(search = '', first = 'Pecos Draw Unit') {
  const view = renderApp(`/documentlist/${typeId}?view=responses${search}`);
  const grid = await screen.findByRole(
    'grid',
    { name: divisionOrderMessages.title },
    { timeout: 20_000 },
  );
  await within(grid).findByText(first);
  return { ...view, grid };
}

const rowOf = (grid: HTMLElement, text: string) =>
  within(grid)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(text))!;

describe("the analyst's view (issue 31 item 4)", () => {
  it('switches from the documents to the responses and shows Response, reason and days', async () => {
    installResponsesApi();
    const view = renderApp(`/documentlist/${typeId}`);
    const switcher = await screen.findByRole('group', { name: 'View' }, { timeout: 20_000 });
    await userEvent.click(within(switcher).getByRole('button', { name: 'Responses' }));
    const grid = await screen.findByRole('grid', { name: divisionOrderMessages.title });
    await within(grid).findByText('Pecos Draw Unit');
    expect(view.router.state.location.search).toContain('view=responses');
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['Response', 'Decline reason', 'Days outstanding', 'Property']),
    );
    const declined = rowOf(grid, 'Caprock State Lease');
    expect(within(declined).getByText('Unsigned')).toBeInTheDocument();
    expect(within(declined).getByText('Interest is wrong: ours is 0.125')).toBeInTheDocument();
    const awaiting = rowOf(grid, 'Pecos Draw Unit');
    expect(within(awaiting).getByText('Awaiting')).toBeInTheDocument();
    expect(within(awaiting).getByText('9')).toBeInTheDocument();
    expect(within(rowOf(grid, 'Mesa Verde Unit')).getByText('Signed')).toBeInTheDocument();
  });

  it('filters on the server by response', async () => {
    const api = installResponsesApi();
    const { grid, router } = await openResponses();
    await userEvent.click(screen.getByRole('combobox', { name: 'Response' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Unsigned' }));
    await waitFor(() =>
      expect(within(grid).queryByText('Pecos Draw Unit')).not.toBeInTheDocument(),
    );
    expect(within(grid).getByText('Caprock State Lease')).toBeInTheDocument();
    const asked = api.find('GET', '/api/division-orders/responses').at(-1)!;
    expect(new URLSearchParams(asked.search).get('response')).toBe('unsigned');
    expect(router.state.location.search).toContain('response=unsigned');
  });

  it('reminds the selected awaiting orders and shows who was not reminded and why', async () => {
    const api = installResponsesApi([Role.User]);
    const { grid } = await openResponses();
    const remind = screen.getByRole('button', { name: 'Remind' });
    expect(remind).toBeDisabled();
    for (const property of ['Pecos Draw Unit', 'Red Bluff Unit', 'Mesa Verde Unit']) {
      await userEvent.click(
        within(rowOf(grid, property)).getByRole('checkbox', { name: /select row/i }),
      );
    }
    // Only the two awaiting ones are reminded; the signed one is for 'Download signed'.
    await userEvent.click(screen.getByRole('button', { name: 'Remind (2)' }));
    const result = await screen.findByText('Reminder sent for 1 division order, 1 not sent.');
    expect(api.find('POST', '/api/division-orders/remind')[0]!.body).toEqual({ ids: [51, 52] });
    const alert = result.closest('[role="alert"]') as HTMLElement;
    expect(
      within(alert).getByText(`#52 Red Bluff Unit: ${divisionOrderMessages.reminderTooSoon}`),
    ).toBeInTheDocument();
    // Administrators only: the setting.
    expect(screen.queryByRole('button', { name: 'Automatic reminders' })).toBeNull();
  });

  it('downloads the selected signed orders as one zip and exports the filtered list', async () => {
    const api = installResponsesApi();
    const { grid } = await openResponses('&response=signed', 'Mesa Verde Unit');
    expect(within(grid).queryByText('Pecos Draw Unit')).not.toBeInTheDocument();
    await userEvent.click(within(grid).getByRole('checkbox', { name: /select all/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Download signed (1)' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/division-orders/signed.zip')).toHaveLength(1),
    );
    expect(api.find('POST', '/api/division-orders/signed.zip')[0]!.body).toEqual({ ids: [53] });
    expect(
      await screen.findByText('Downloaded 1 signed division order.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(api.find('GET', '/api/division-orders/responses.csv')).toHaveLength(1),
    );
    const csv = api.find('GET', '/api/division-orders/responses.csv')[0]!;
    expect(new URLSearchParams(csv.search).get('response')).toBe('signed');
  });

  it('lets a ReadOnly member look, export and download but not remind', async () => {
    installResponsesApi([Role.ReadOnly]);
    await openResponses();
    expect(screen.queryByRole('button', { name: /^Remind/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Automatic reminders' })).toBeNull();
  });

  it('lets an Administrator set the automatic reminders, checked as typed', async () => {
    const api = installResponsesApi();
    await openResponses();
    await userEvent.click(screen.getByRole('button', { name: 'Automatic reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Automatic reminders' });
    const days = within(dialog).getByRole('textbox', {
      name: divisionOrderMessages.autoRemindLabel,
    });
    await waitFor(() => expect(days).toBeEnabled());
    await userEvent.type(days, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(divisionOrderMessages.autoRemindRange)).toHaveClass(
      'Mui-error',
    );
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(api.find('PUT', '/api/division-orders/settings')).toHaveLength(0);
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.find('PUT', '/api/division-orders/settings')[0]!.body).toEqual({
      autoRemindAfterDays: 14,
    });
    expect(await screen.findByText('Owners are reminded after 14 days.')).toBeInTheDocument();
  });

  it('is not offered to a company that has sent none', async () => {
    const api = installResponsesApi([Role.Administrator], owner);
    renderApp(`/documentlist/${typeId}`);
    await screen.findByRole('grid', {}, { timeout: 20_000 });
    await waitFor(() => expect(api.find('GET', '/api/division-orders/responses')).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'View' })).toBeNull();
  });
});

describe('parseAutoRemindDays', () => {
  it('reads empty as off and refuses what the server refuses', () => {
    expect(parseAutoRemindDays('')).toEqual({ ok: true, value: { autoRemindAfterDays: null } });
    expect(parseAutoRemindDays(' 30 ')).toEqual({ ok: true, value: { autoRemindAfterDays: 30 } });
    for (const bad of ['0', '366', '1.5', 'abc', '-3'])
      expect(parseAutoRemindDays(bad).ok).toBe(false);
  });
});
