import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type PaymentRun } from '@flowline/shared';
import { apiError } from '../../test/fake-api';
import { installSessionApi, renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 120_000 });
afterEach(() => vi.unstubAllGlobals());

const writer: { roles: number[]; mainRole: number } = { roles: [Role.User], mainRole: Role.User };
const readOnly = { roles: [Role.ReadOnly], mainRole: Role.ReadOnly };

const run: PaymentRun = {
  id: 41,
  side: 'paid',
  payerName: 'Red Mesa Operating',
  payeeName: 'Permian Well Services',
  paymentDate: '2026-02-10',
  method: 'ach',
  reference: 'ACH-7781',
  total: 3000,
  discountTotal: 0,
  invoiceCount: 3,
  createdAt: '2026-02-10T15:00:00.000Z',
  createdBy: 'Pat Clerk',
  lines: [
    {
      documentId: 5,
      docNumber: 'INV-5',
      amount: 1250,
      discount: 0,
      invoiceTotal: 1250,
      paidInFull: true,
    },
    {
      documentId: 6,
      docNumber: 'INV-6',
      amount: 500,
      discount: 0,
      invoiceTotal: 1250,
      paidInFull: false,
    },
  ],
};
const connection = {
  id: 7,
  partyTypeId: 1,
  partyTypeName: 'Vendor',
  name: 'Permian Well Services',
  number: 'V-1',
  phone: null,
  companyOrgUnits: [],
  effectiveFromDate: null,
  effectiveThruDate: null,
  isActive: true,
  partyStatus: 'connected',
  connectedCompanyId: 4,
  connectedCompanyName: 'Permian Well Services LLC',
  suggestedCompanyId: null,
  suggestedCompanyName: null,
};
const candidates = {
  items: [
    {
      documentId: 5,
      docNumber: 'INV-5',
      invoiceDate: '2026-01-05',
      dueDate: null,
      total: 1250,
      paid: 0,
      balance: 1250,
      discount: null as null | { percent: number; amount: number; until: string },
    },
    {
      documentId: 6,
      docNumber: 'INV-6',
      invoiceDate: '2026-01-06',
      dueDate: null,
      total: 1250,
      paid: 250,
      balance: 1000,
      discount: null,
    },
  ],
};

let offers: { offered: unknown[]; received: unknown[] } = { offered: [], received: [] };

function install(user = writer, create: (body: unknown) => unknown = () => ({ ...run, id: 42 })) {
  return installSessionApi({
    user,
    handlers: {
      'GET /api/payment-runs': () => ({ items: [run], totalRecords: 1 }),
      'GET /api/payment-runs/41': () => run,
      'GET /api/payment-runs/42': () => ({ ...run, id: 42 }),
      'GET /api/payment-runs/candidates': () => candidates,
      'GET /api/party/grid/search': () => ({ items: [connection], totalRecords: 1 }),
      'POST /api/payment-runs': (req) => create(req.body),
      'GET /api/early-pay-offers': () => offers,
      'PUT /api/early-pay-offers': (req) => {
        const body = req.body as { partyId: number; discountPercent: number; days: number };
        offers = {
          offered: [
            {
              partyId: body.partyId,
              counterpartyName: 'Permian Well Services',
              discountPercent: body.discountPercent,
              days: body.days,
              updatedAt: '2026-02-01T00:00:00.000Z',
              startsAt: '2026-02-01T12:00:00.000Z',
            },
          ],
          received: [],
        };
        return offers;
      },
    },
  });
}

async function openNewRun() {
  renderApp('/payment-runs');
  await userEvent.click(
    await screen.findByRole('button', { name: 'New payment run' }, { timeout: 10_000 }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'New payment run' });
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Vendor' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Permian Well Services' }));
  return dialog;
}

describe('Payments', () => {
  it('lists the runs paid, and a run shows its invoices and remittance downloads', async () => {
    install();
    renderApp('/payment-runs');
    const table = await screen.findByRole('table', { name: 'Runs paid' }, { timeout: 10_000 });
    expect(within(table).getByText('Permian Well Services')).toBeVisible();
    expect(within(table).getByText('$3,000.00')).toBeVisible();
    await userEvent.click(within(table).getByRole('link', { name: 'PR-41' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment run PR-41' }),
    ).toBeVisible();
    const paid = screen.getByRole('table', { name: 'Invoices paid' });
    expect(within(paid).getByText('Partial')).toBeVisible();
    expect(within(paid).getByRole('link', { name: 'INV-5' })).toHaveAttribute(
      'href',
      '/documents/5',
    );
    expect(screen.getByRole('button', { name: 'Remittance advice (PDF)' })).toBeEnabled();
  });

  it('pays two invoices, one in part, and opens the new run', async () => {
    const sent: unknown[] = [];
    install(writer, (body) => {
      sent.push(body);
      return { ...run, id: 42 };
    });
    const dialog = await openNewRun();
    await userEvent.click(
      await within(dialog).findByRole('checkbox', { name: 'Select all invoices' }),
    );
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to pay on INV-6' });
    expect(amount).toHaveValue('1000.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '400');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'ACH-7781');
    expect(within(dialog).getByText(/2 invoices selected · total \$1,650\.00/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment run' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment run PR-42' }),
    ).toBeVisible();
    expect(sent[0]).toMatchObject({
      partyId: 7,
      method: 'ach',
      reference: 'ACH-7781',
      lines: [
        { documentId: 5, amount: '1250.00' },
        { documentId: 6, amount: '400' },
      ],
    });
  });

  it('says what is missing, and shows the server’s refusal', async () => {
    install(writer, () =>
      apiError(409, 'INV-6: the amount is more than its balance of $1,000.00.', 'over_balance'),
    );
    const dialog = await openNewRun();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment run' }));
    expect(await within(dialog).findByText('Select at least one invoice to pay')).toBeVisible();
    expect(
      within(dialog).getByText('Enter the payment reference (ACH trace, check or wire number)'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Pay INV-6' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reference' }), '10442');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment run' }));
    expect(
      await within(dialog).findByText('INV-6: the amount is more than its balance of $1,000.00.'),
    ).toBeVisible();
  });

  it('a ReadOnly member reads the runs but is not offered a new one', async () => {
    install(readOnly);
    renderApp('/payment-runs');
    await screen.findByRole('table', { name: 'Runs paid' }, { timeout: 10_000 });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'New payment run' })).not.toBeInTheDocument(),
    );
  });

  it('takes the early-pay discount when paid inside its window', async () => {
    const sent: unknown[] = [];
    candidates.items[0]!.discount = { percent: 2, amount: 25, until: '2026-01-15' };
    install(writer, (body) => {
      sent.push(body);
      return { ...run, id: 42 };
    });
    try {
      const dialog = await openNewRun();
      await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Pay INV-5' }));
      const take = within(dialog).getByRole('checkbox', { name: /^2% \(−\$25\.00\) until/ });
      // Today is past the window: the discount cannot be taken.
      expect(take).toBeDisabled();
      fireEvent.change(within(dialog).getByLabelText('Payment date'), {
        target: { value: '2026-01-10' },
      });
      await userEvent.click(take);
      expect(within(dialog).getByRole('textbox', { name: 'Amount to pay on INV-5' })).toHaveValue(
        '1225.00',
      );
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'EARLY');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment run' }));
      await screen.findByRole('heading', { level: 1, name: 'Payment run PR-42' });
      expect(sent[0]).toMatchObject({
        paymentDate: '2026-01-10',
        lines: [{ documentId: 5, amount: '1225.00', takeDiscount: true }],
      });
    } finally {
      candidates.items[0]!.discount = null;
    }
  });

  it('an Administrator offers a customer an early-pay discount', async () => {
    offers = { offered: [], received: [] };
    install({ roles: [Role.Administrator], mainRole: Role.Administrator });
    renderApp('/payment-runs');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Offer a discount' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Offer an early-pay discount' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Customer' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Permian Well Services' }));
    const percent = within(dialog).getByRole('textbox', { name: 'Discount (%)' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a discount between 0.01 and 20 percent'),
    ).toBeVisible();
    await userEvent.clear(percent);
    await userEvent.type(percent, '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const table = await screen.findByRole('table', { name: 'Early-pay discounts' });
    // The agreement covers the invoices sent from its start (docs/payment-runs.md).
    expect(
      within(table).getByText('1.5% if paid within 10 days, on invoices sent since 02/01/2026'),
    ).toBeVisible();
  });
});
