import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Role, type MatchExceptionsPage } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

// Types a required comment and walks filters: 120 s like the other form tests (a hang detector).
vi.setConfig({ testTimeout: 120_000 });
afterEach(() => vi.unstubAllGlobals());

const writer = { roles: [Role.User], mainRole: Role.User };

/** Serious and critical axe findings (contrast is checked in the browser sweep). */
async function seriousViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const page = (): MatchExceptionsPage => ({
  items: [
    {
      documentId: 31,
      invoiceNumber: 'INV-31',
      invoiceTotal: '1250.00',
      vendor: { companyId: 4, name: 'Permian Well Services' },
      receivedAt: '2026-02-10T15:00:00.000Z',
      routeStatusId: 2,
      reasonKinds: ['priceDiffers', 'noTicket'],
      reasons: [
        'Line 3: price differs — $1,250.00 billed, $1,200.00 in price book v2 (tolerance $0.01)',
        'Line 5: no ticket',
      ],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
  vendors: [{ companyId: 4, name: 'Permian Well Services' }],
});

describe('Match exceptions', () => {
  it('lists why each invoice failed, filters by reason and accepts with a required comment', async () => {
    const queries: string[] = [];
    const accepted: unknown[] = [];
    installSessionApi({
      user: writer,
      handlers: {
        'GET /api/match/exceptions': (req) => {
          queries.push(req.search);
          return accepted.length ? { ...page(), items: [], total: 0 } : page();
        },
        'POST /api/match/exceptions/31/accept': (req) => {
          accepted.push(req.body);
          return {
            documentId: 31,
            verdict: 'exceptions',
            status: 'accepted',
            touchless: false,
            reasons: [],
            reasonKinds: [],
            lines: [],
            tickets: [],
            priceBookVersions: [],
            expectedTotal: null,
            matchedAt: '2026-02-10T15:00:00.000Z',
            accepted: { at: '2026-02-11T15:00:00.000Z', userName: 'Pat', comment: 'ok' },
          };
        },
      },
    });
    renderApp('/exceptions');
    const table = await screen.findByRole(
      'table',
      { name: 'Match exceptions' },
      { timeout: 10_000 },
    );
    expect(
      within(table).getByText(
        'Line 3: price differs — $1,250.00 billed, $1,200.00 in price book v2 (tolerance $0.01)',
      ),
    ).toBeVisible();
    expect(within(table).getByText('Line 5: no ticket')).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1, name: 'Match exceptions' })).toHaveLength(1);
    expect(await seriousViolations()).toEqual([]);
    expect(within(table).getByRole('link', { name: 'INV-31' })).toHaveAttribute(
      'href',
      '/documents/31',
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Price differs' }));
    await waitFor(() => expect(queries.at(-1)).toContain('reason=priceDiffers'));

    await userEvent.click(within(table).getByRole('button', { name: 'Accept INV-31' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Comment is required')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    expect(accepted).toEqual([]);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Comment' }),
      'Agreed with the vendor',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText('Difference accepted; the invoice continues in its approval chain.'),
    ).toBeVisible();
    expect(accepted).toEqual([{ comment: 'Agreed with the vendor' }]);
    expect(await screen.findByText('No match exceptions to resolve.')).toBeVisible();
  });
});
