// Issue 31 item 5: the owner's 'Tax documents' — received 1099s grouped by tax year (the server
// groups and pages them), each openable, a year's files as one zip; reached from the navigation.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PartyType, Role, taxDocumentMessages, type TaxDocumentRow } from '@flowline/shared';
import { buildCompany } from '../../test/fixtures';
import { installSessionApi, renderApp } from '../../test/render-app';

const owner = buildCompany({ partyTypeIds: [PartyType.Owner] });
const operator = buildCompany({ partyTypeIds: [PartyType.Operator] });

const doc = (id: number, year: number, extra: Partial<TaxDocumentRow> = {}): TaxDocumentRow => ({
  id,
  year,
  form: '1099-MISC',
  payer: 'Red Mesa Operating Co.',
  amount: '48215.37',
  sentAt: `${year + 1}-01-20T10:00:00.000Z`,
  isRead: true,
  fileName: `1099-${id}.pdf`,
  ...extra,
});

function installTaxApi(
  company = owner,
  years = [
    { year: 2025, count: 51 },
    { year: 2024, count: 1 },
  ],
) {
  return installSessionApi({
    companies: [company],
    user: { roles: [Role.ReadOnly], mainRole: Role.ReadOnly },
    handlers: {
      'GET /api/tax-documents/years': () => ({ years }),
      'GET /api/tax-documents': (req) => {
        const q = new URLSearchParams(req.search);
        const year = Number(q.get('year'));
        const page = Number(q.get('page'));
        if (year === 2024) return { rows: [doc(7, 2024)], totalRecords: 1 };
        // 51 in 2025: 50 on the first page, one more on the second.
        const rows =
          page === 1
            ? Array.from({ length: 50 }, (_, i) => doc(200 - i, 2025, { isRead: i !== 0 }))
            : [doc(100, 2025, { form: '1099-NEC' })];
        return { rows, totalRecords: 51 };
      },
      'GET /api/tax-documents/2025/zip': () =>
        new Response('PK', {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="1099s-2025.zip"',
          },
        }),
    },
  });
}

beforeEach(() => {
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

describe('Tax documents (issue 31 item 5)', () => {
  it('is in the navigation of every member of an owner company and groups the 1099s by year', async () => {
    const api = installTaxApi();
    const view = renderApp('/');
    const nav = await screen.findByRole(
      'navigation',
      { name: 'Main navigation' },
      { timeout: 20_000 },
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'Tax documents' }));
    await screen.findByRole('heading', { level: 1, name: 'Tax documents' });
    expect(view.router.state.location.pathname).toBe('/tax-documents');

    // The newest year is open; the older one is closed and read only when opened.
    const y2025 = await screen.findByRole('button', { name: /2025\s*51 documents/ });
    expect(y2025).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Tax documents 2025' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(50));
    const first = within(list).getAllByRole('link')[0]!;
    expect(first).toHaveAttribute('href', '/documents/200');
    expect(first).toHaveTextContent('1099-MISC · Red Mesa Operating Co. · $48,215.37');
    expect(first).toHaveTextContent('Unread');
    expect(
      api.find('GET', '/api/tax-documents').map((r) => new URLSearchParams(r.search).get('year')),
    ).toEqual(['2025']);

    // Show more reads the next page.
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(51));
    expect(within(list).getAllByRole('link')[50]).toHaveTextContent('1099-NEC');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    const y2024 = screen.getByRole('button', { name: /2024\s*1 document$/ });
    expect(y2024).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(y2024);
    const older = await screen.findByRole('list', { name: 'Tax documents 2024' });
    expect(within(older).getByRole('link')).toHaveAttribute('href', '/documents/7');
  });

  it("downloads a year's 1099s as one zip", async () => {
    const api = installTaxApi();
    renderApp('/tax-documents');
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: taxDocumentMessages.downloadYear(2025) },
        { timeout: 20_000 },
      ),
    );
    await waitFor(() => expect(api.find('GET', '/api/tax-documents/2025/zip')).toHaveLength(1));
  });

  it('says so when there are none, and is not in the navigation of an operator', async () => {
    installTaxApi(operator, []);
    renderApp('/tax-documents');
    expect(
      await screen.findByText(taxDocumentMessages.none, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Tax documents' })).toBeNull();
  });
});
