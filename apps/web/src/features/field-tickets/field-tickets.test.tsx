import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, type RecordedRequest } from '../../test/fake-api';
import { installSessionApi, renderApp } from '../../test/render-app';
import { fakeCanvas } from '../documents/screen/signing/signing-test-kit';
import type { CreateFieldTicketBody, SignoffBody } from './api';
import { flipMessages, flipRefusal, toggleFlip, type FlipRow } from './flip-selection';
import { newClientId } from './client-id';
import { fieldTicketQueue } from './queue/runtime';
import { summaryAnswer, ticketAnswer } from './test-fixtures';
import { ticketFormMessages, ticketFormSchema, toCreateBody } from './ticket-form';

vi.setConfig({ testTimeout: 120_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const redMesa = {
  id: 11,
  partyTypeId: 2,
  partyTypeName: 'Operator',
  name: 'Red Mesa',
  number: 'RM',
  phone: null,
  companyOrgUnits: [],
  effectiveFromDate: null,
  effectiveThruDate: null,
  isActive: true,
  partyStatus: 'connected',
  connectedCompanyId: 2,
  connectedCompanyName: 'Red Mesa Operating Co.',
  suggestedCompanyId: null,
  suggestedCompanyName: null,
};
const basin = {
  ...redMesa,
  id: 12,
  name: 'Basin',
  connectedCompanyId: 3,
  connectedCompanyName: 'Basin Energy',
};

describe('the field ticket form rules', () => {
  const valid = {
    partyId: 11,
    operatorName: 'Red Mesa',
    docNumber: 'FT-1',
    docServiceDate: '2026-11-20',
    docWellName: 'Smith 1H',
    lines: [{ description: 'Vacuum truck', quantity: '4', unitPrice: '95.00' }],
  };

  it('accepts a ticket and makes the create body with amounts and the service date', () => {
    const values = ticketFormSchema.parse(valid);
    const body = toCreateBody('c-1', values);
    expect(body).toMatchObject({
      clientId: 'c-1',
      partyId: 11,
      fields: { docNumber: 'FT-1', docServiceDate: '2026-11-20', docWellName: 'Smith 1H' },
      lines: [
        {
          description: 'Vacuum truck',
          quantity: '4',
          unitPrice: '95.00',
          amount: '380.00',
          serviceDate: '2026-11-20',
        },
      ],
    });
    expect(body.fields.docAFE).toBeUndefined();
  });

  it('names each problem', () => {
    const messages = (input: unknown) =>
      ticketFormSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ ...valid, partyId: undefined })).toEqual([ticketFormMessages.operator]);
    expect(messages({ ...valid, docNumber: ' ' })).toEqual([ticketFormMessages.ticketNumber]);
    expect(messages({ ...valid, docServiceDate: '' })).toEqual([ticketFormMessages.serviceDate]);
    expect(messages({ ...valid, lines: [] })).toEqual([ticketFormMessages.noLines]);
    expect(
      messages({ ...valid, lines: [{ description: 'x', quantity: 'two', unitPrice: '5.12345' }] }),
    ).toEqual([ticketFormMessages.quantity, ticketFormMessages.unitPrice]);
    expect(messages({ ...valid, docStartTime: '14:00', docEndTime: '08:30' })).toEqual([
      ticketFormMessages.endBeforeStart,
    ]);
  });
});

describe('New field ticket', () => {
  it(
    'shows every message, then keeps the ticket on the phone and opens the signoff; Sign and send sends both',
    { timeout: 120_000 },
    async () => {
      const creates: CreateFieldTicketBody[] = [];
      const signoffs: SignoffBody[] = [];
      installSessionApi({
        handlers: {
          'GET /api/party/grid/search': () => ({ items: [redMesa], totalRecords: 1 }),
          'GET /api/pricebooks': () => [],
          'POST /api/field-tickets': (req: RecordedRequest) => {
            creates.push(req.body as CreateFieldTicketBody);
            return json(ticketAnswer(501, req.body as CreateFieldTicketBody), 201);
          },
          'POST /api/field-tickets/501/signoff': (req: RecordedRequest) => {
            signoffs.push(req.body as SignoffBody);
            return json(ticketAnswer(501, req.body as CreateFieldTicketBody), 201);
          },
          'GET /api/field-tickets/501': () => ticketAnswer(501, creates[0]),
          'GET /api/field-tickets': () => ({ items: [], total: 0 }),
        },
      });
      fakeCanvas();
      const user = userEvent.setup();
      // Pasted rather than typed key by key: the form re-validates on every key (slow in jsdom).
      const fill = async (field: HTMLElement, text: string) => {
        await user.clear(field);
        await user.click(field);
        await user.paste(text);
      };
      renderApp('/field-tickets/new');
      await screen.findByRole('heading', { name: 'New field ticket' });

      await user.click(screen.getByRole('button', { name: 'Save and sign off' }));
      expect(await screen.findByText(ticketFormMessages.operator)).toBeVisible();
      expect(screen.getByText(ticketFormMessages.ticketNumber)).toBeVisible();
      expect(screen.getByText(ticketFormMessages.wellName)).toBeVisible();
      expect(screen.getByText(ticketFormMessages.description)).toBeVisible();
      expect(screen.getByText(ticketFormMessages.unitPrice)).toBeVisible();
      expect(creates).toHaveLength(0);

      await user.click(screen.getByRole('combobox', { name: /Operator/ }));
      await user.click(await screen.findByRole('option', { name: 'Red Mesa Operating Co.' }));
      await fill(screen.getByRole('textbox', { name: /Ticket number/ }), 'FT-77');
      await fill(screen.getByRole('textbox', { name: /Well \/ Lease/ }), 'Smith 1H');
      await fill(screen.getByRole('textbox', { name: /Line 1 description/ }), 'Vacuum truck');
      const quantity = screen.getByRole('textbox', { name: /Quantity/ });
      await fill(quantity, '4');
      await fill(screen.getByRole('textbox', { name: /Unit price/ }), '95');
      expect(screen.getByText('Ticket total: $380.00')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Add line' }));
      await fill(screen.getByRole('textbox', { name: /Line 2 description/ }), 'Operator hours');
      await fill(screen.getAllByRole('textbox', { name: /Unit price/ })[1]!, '60.5');
      expect(screen.getByText('Ticket total: $440.50')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Save and sign off' }));
      await screen.findByRole('heading', { name: 'Sign off ticket FT-77' });
      // The ticket was kept on the phone first and went out as a draft (online in jsdom).
      await waitFor(() => expect(creates).toHaveLength(1));
      expect(creates[0]).toMatchObject({
        partyId: 11,
        fields: { docNumber: 'FT-77', docWellName: 'Smith 1H' },
        lines: [
          { description: 'Vacuum truck', quantity: '4', unitPrice: '95', amount: '380.00' },
          { description: 'Operator hours', quantity: '1', unitPrice: '60.5', amount: '60.50' },
        ],
      });

      await user.click(screen.getByRole('button', { name: 'Sign and send' }));
      expect(await screen.findByText(ticketFormMessages.signerName)).toBeVisible();
      expect(screen.getByText(ticketFormMessages.signature)).toBeVisible();
      await fill(screen.getByRole('textbox', { name: /Signer's name/ }), 'Dale Foreman');
      await fill(screen.getByRole('textbox', { name: 'Title' }), 'Company man');
      await user.click(screen.getByRole('button', { name: 'Sign with typed name' }));
      await user.click(screen.getByRole('button', { name: 'Sign and send' }));

      await screen.findByRole('heading', { name: 'Field ticket FT-77' });
      await waitFor(() => expect(signoffs).toHaveLength(1));
      expect(signoffs[0]).toMatchObject({
        signerName: 'Dale Foreman',
        signerTitle: 'Company man',
        signature: expect.stringMatching(/^data:image\/png;base64,/),
      });
      expect(signoffs[0]!.clientId).not.toBe(creates[0]!.clientId);
      expect(
        await within(screen.getByRole('status', { name: 'Sending' })).findByText('Sent'),
      ).toBeVisible();
      expect(creates).toHaveLength(1);
      await fieldTicketQueue.discard(creates[0]!.clientId);
    },
  );
});

describe('the invoice flip selection', () => {
  const row = (documentId: number, operatorId: number, billable = true): FlipRow => ({
    documentId,
    operatorId,
    operatorName: operatorId === 2 ? 'Red Mesa Operating Co.' : 'Basin Energy',
    billable,
  });

  it('takes approved, unbilled tickets of one operator only', () => {
    let selected = toggleFlip([], row(1, 2));
    selected = toggleFlip(selected, row(2, 2));
    expect(selected.map((s) => s.documentId)).toEqual([1, 2]);
    expect(flipRefusal(selected, row(3, 3))).toBe(
      flipMessages.otherOperator('Red Mesa Operating Co.'),
    );
    expect(toggleFlip(selected, row(3, 3))).toHaveLength(2);
    expect(flipRefusal([], row(4, 2, false))).toBe(flipMessages.notBillable);
    expect(toggleFlip(selected, row(1, 2)).map((s) => s.documentId)).toEqual([2]);
    const hundred = Array.from({ length: 100 }, (_, i) => row(100 + i, 2));
    expect(flipRefusal(hundred, row(999, 2))).toBe(flipMessages.tooMany);
  });

  it('in the list: Ready to invoice, two tickets of one operator, Create invoice opens the draft', async () => {
    const listQueries: string[] = [];
    const posted: unknown[] = [];
    const summary = (documentId: number, counterparty: { companyId: number; name: string }) =>
      summaryAnswer(documentId, { counterparty });
    installSessionApi({
      handlers: {
        'GET /api/party/grid/search': () => ({ items: [redMesa, basin], totalRecords: 2 }),
        'GET /api/field-tickets': (req: RecordedRequest) => {
          listQueries.push(req.search);
          return {
            items: [
              summary(31, { companyId: 2, name: 'Red Mesa Operating Co.' }),
              summary(32, { companyId: 2, name: 'Red Mesa Operating Co.' }),
              summary(33, { companyId: 3, name: 'Basin Energy' }),
            ],
            total: 3,
          };
        },
        'POST /api/field-tickets/invoice': (req: RecordedRequest) => {
          posted.push(req.body);
          return json(
            { invoiceDocumentId: 900, ticketDocumentIds: [31, 32], total: '760.00', lineCount: 2 },
            201,
          );
        },
        'GET /api/documents/900': () => json({ error: { message: 'x', code: 'x' } }, 404),
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/field-tickets');
    await screen.findByRole('heading', { name: 'Field tickets' });
    await user.click(screen.getByRole('switch', { name: 'Ready to invoice' }));
    await waitFor(() => expect(listQueries.at(-1)).toContain('billable=true'));
    expect(listQueries.at(-1)).toContain('side=sent');

    await user.click(await screen.findByRole('checkbox', { name: 'Select ticket FT-31' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select ticket FT-32' }));
    // Another operator's ticket cannot join.
    expect(screen.getByRole('checkbox', { name: 'Select ticket FT-33' })).toBeDisabled();
    const toolbar = screen.getByRole('toolbar', { name: 'Selected tickets' });
    expect(within(toolbar).getByText(/2 selected · Red Mesa Operating Co\./)).toBeVisible();

    await user.click(within(toolbar).getByRole('button', { name: 'Create invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/900'));
    expect(posted).toEqual([{ ticketDocumentIds: [31, 32] }]);
  });
});

/** The browser's network state as the app reads it (navigator.onLine and its events). */
function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Back online after each test (TanStack Query's online manager follows the events too). */
function backOnline() {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
}

/** Pasted rather than typed key by key: the form re-validates on every key (slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('the price book offline', () => {
  afterEach(backOnline);
  it(
    'offline, the line type-ahead searches the price book kept on the phone, says so, and fills the price',
    { timeout: 120_000 },
    async () => {
      const asked: string[] = [];
      const version = {
        id: 801,
        priceBookId: 9,
        versionNumber: 4,
        effectiveFrom: '2026-10-01',
        effectiveTo: null,
        status: 'current',
        itemCount: 2,
        fileName: 'book.csv',
        createdAt: '2026-10-01T00:00:00.000Z',
      };
      const item = (id: number, itemCode: string, description: string, unitPrice: string) => ({
        id,
        lineNumber: id,
        itemCode,
        description,
        uom: 'HR',
        unitPrice,
        tiers: [],
        effectiveFrom: null,
        effectiveTo: null,
        contractNumber: 'MSA-7',
      });
      installSessionApi({
        handlers: {
          'GET /api/party/grid/search': () => ({ items: [redMesa], totalRecords: 1 }),
          'GET /api/pricebooks': () => [
            {
              id: 9,
              direction: 'published',
              partyId: 11,
              counterpartyName: 'Red Mesa Operating Co.',
              currentVersion: version,
              versionCount: 1,
            },
          ],
          'GET /api/pricebooks/9/versions': () => [version],
          'GET /api/pricebooks/versions/801/items': () => {
            asked.push('items');
            return {
              items: [
                item(1, 'VAC-130', 'Vacuum truck, 130 bbl', '95.00'),
                item(2, 'HOT-2', 'Hot oiler', '150.00'),
              ],
              totalRecords: 2,
            };
          },
          'GET /api/pricebooks/typeahead': () => {
            asked.push('typeahead');
            return [];
          },
          'GET /api/field-tickets': () => ({ items: [], total: 0 }),
        },
      });
      const user = userEvent.setup();
      // Online at the yard: the list keeps the price books on the phone.
      renderApp('/field-tickets');
      await screen.findByRole('heading', { name: 'Field tickets' });
      await waitFor(() => expect(asked).toEqual(['items']));

      // At the wellsite.
      setOnline(false);
      await user.click(screen.getByRole('link', { name: 'New field ticket' }));
      await screen.findByRole('heading', { name: 'New field ticket' });
      await user.click(screen.getByRole('combobox', { name: /Operator/ }));
      await user.click(await screen.findByRole('option', { name: 'Red Mesa Operating Co.' }));
      expect(
        await screen.findByText(
          'Prices from the price book of 2026-10-01; will be checked when sent.',
        ),
      ).toBeVisible();
      const description = screen.getByRole('combobox', { name: 'Line 1 description' });
      await user.click(description);
      await user.paste('vac');
      await user.click(await screen.findByRole('option', { name: /VAC-130 — Vacuum truck/ }));
      expect(screen.getByRole('textbox', { name: /Unit price/ })).toHaveValue('95.00');
      expect(screen.getByRole('textbox', { name: 'Item code' })).toHaveValue('VAC-130');
      expect(screen.getByText('Ticket total: $95.00')).toBeVisible();
      // Found on the phone: the server's type-ahead was never asked.
      expect(asked).toEqual(['items']);
    },
  );
});

describe('editing a ticket still on the phone', () => {
  afterEach(backOnline);
  it(
    'offline: Edit changes a quantity, the representative signs again, and only the edited ticket is sent, once',
    { timeout: 120_000 },
    async () => {
      const creates: CreateFieldTicketBody[] = [];
      const signoffs: SignoffBody[] = [];
      installSessionApi({
        handlers: {
          'GET /api/party/grid/search': () => ({ items: [redMesa], totalRecords: 1 }),
          'GET /api/pricebooks': () => [],
          'POST /api/field-tickets': (req: RecordedRequest) => {
            creates.push(req.body as CreateFieldTicketBody);
            return json(ticketAnswer(601, req.body as CreateFieldTicketBody), 201);
          },
          'POST /api/field-tickets/601/signoff': (req: RecordedRequest) => {
            signoffs.push(req.body as SignoffBody);
            return json(ticketAnswer(601, creates[0]), 201);
          },
          'GET /api/field-tickets': () => ({ items: [], total: 0 }),
        },
      });
      fakeCanvas();
      const user = userEvent.setup();
      // The app starts online; then the network goes and the crew writes a ticket.
      const { router } = renderApp('/field-tickets');
      await screen.findByRole('heading', { name: 'Field tickets' });
      setOnline(false);
      const clientId = newClientId();
      await fieldTicketQueue.save({
        clientId,
        companyId: 1,
        userId: 7,
        operatorName: 'Red Mesa Operating Co.',
        ticket: {
          clientId,
          partyId: 11,
          fields: { docNumber: 'FT-88', docServiceDate: '2026-11-20', docWellName: 'Smith 1H' },
          lines: [
            { description: 'Vacuum truck', quantity: '4', unitPrice: '95.00', amount: '380.00' },
          ],
        },
      });
      await fieldTicketQueue.addSignoff(clientId, {
        clientId: newClientId(),
        signerName: 'Dale Foreman',
        signedAt: '2026-11-20T15:00:00.000Z',
        signature: 'data:image/png;base64,iVBORw0KGgo=',
      });
      await router.navigate(`/field-tickets/queued/${clientId}`);
      const sending = await screen.findByRole('status', { name: 'Sending' });
      expect(within(sending).getByText('Waiting to send')).toBeVisible();
      await user.click(screen.getByRole('link', { name: 'Edit' }));

      await screen.findByRole('heading', { name: 'Edit field ticket FT-88' });
      expect(
        screen.getByText(
          'Saving removes the representative’s signature: they sign the changed ticket again.',
        ),
      ).toBeVisible();
      expect(screen.getByRole('textbox', { name: /Well \/ Lease/ })).toHaveValue('Smith 1H');
      await fill(user, screen.getByRole('textbox', { name: /Quantity/ }), '6');
      expect(screen.getByText('Ticket total: $570.00')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Save and sign off' }));

      await screen.findByRole('heading', { name: 'Sign off ticket FT-88' });
      expect(fieldTicketQueue.get(clientId)).toMatchObject({ signoff: null, state: 'waiting' });
      await fill(user, screen.getByRole('textbox', { name: /Signer's name/ }), 'Rita Rep');
      await user.click(screen.getByRole('button', { name: 'Sign with typed name' }));
      await user.click(screen.getByRole('button', { name: 'Sign and send' }));
      await screen.findByRole('heading', { name: 'Field ticket FT-88' });
      expect(creates).toHaveLength(0);

      // Back in range: the edited version goes out once, with the new signature.
      setOnline(true);
      await waitFor(() => expect(signoffs).toHaveLength(1));
      expect(creates).toHaveLength(1);
      expect(creates[0]).toMatchObject({
        clientId,
        lines: [{ description: 'Vacuum truck', quantity: '6', amount: '570.00' }],
      });
      expect(signoffs[0]!.signerName).toBe('Rita Rep');
      expect(
        await within(screen.getByRole('status', { name: 'Sending' })).findByText('Sent'),
      ).toBeVisible();
      // Sent: not editable any more.
      expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
      await fieldTicketQueue.discard(clientId);
    },
  );
});
