// Issue 31 item 2: the owner selects pending division orders, reviews them in one dialog, agrees
// once, signs once; the selection is posted in slices and each order's result is shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DocumentTypeId,
  FieldType,
  PartyType,
  Role,
  RouteStatus,
  type DocumentResultSet,
} from '@flowline/shared';
import { apiError } from '../../../test/fake-api';
import { buildCompany } from '../../../test/fixtures';
import { installSessionApi, renderApp } from '../../../test/render-app';
import { drawOnPad, fakeCanvas } from '../screen/signing/signing-test-kit';
import { BULK_SIGNING_SLICE } from './api';

const owner = buildCompany({ partyTypeIds: [PartyType.Owner] });
const typeId = DocumentTypeId.PendingDivisionOrder;
const row = (id: number, property: string, routeStatusId: number) => ({
  id,
  documentTypeId: typeId,
  routeStatusId,
  isRead: true,
  side: 'received' as const,
  values: [property, '0.01250000', '2026-09-01'],
});
// Seven New orders (more than one slice) and one already returned.
const page: DocumentResultSet = {
  columns: [
    { name: 'Property', key: 'docPropertyName', metadataType: { id: FieldType.Text } },
    {
      name: 'Decimal Interest',
      key: 'docDecimalInterest',
      metadataType: { id: FieldType.Numeric },
    },
    { name: 'Effective Date', key: 'docEffectiveDate', metadataType: { id: FieldType.Date } },
  ],
  rows: [
    ...Array.from({ length: 7 }, (_, i) => row(40 + i, `Pecos Draw ${i + 1}`, RouteStatus.New)),
    row(30, 'Mesa Verde Unit', RouteStatus.Returned),
  ],
  totalRecords: 8,
};

function installBulkApi(roles: number[] = [Role.User], consentedAt: string | null = null) {
  let consent = { version: '2026-11', text: 'You agree to sign electronically.', consentedAt };
  return installSessionApi({
    companies: [owner],
    user: { roles, mainRole: roles[0] },
    handlers: {
      [`GET /api/documentroute/all/${typeId}`]: () => page,
      'GET /api/usersignatureimage/getSignatureData/7': () =>
        apiError(404, 'Signature not found', 'not_found'),
      'GET /api/esign/consent': () => consent,
      'POST /api/esign/consent': () => {
        consent = { ...consent, consentedAt: '2026-11-28T10:00:00.000Z' };
        return consent;
      },
      'POST /api/documents/return/bulk': (req) => {
        const ids = (req.body as { ids: number[] }).ids;
        const results = ids.map((id) =>
          id === 42
            ? {
                id,
                ok: false,
                documentId: null,
                error: { status: 404, code: 'not_found', message: 'Document not found' },
              }
            : { id, ok: true, documentId: id + 100, error: null },
        );
        const returned = results.filter((r) => r.ok).length;
        return { results, returned, refused: results.length - returned };
      },
    },
  });
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1200, height: 800 }),
  );
  fakeCanvas();
});
afterEach(() => vi.restoreAllMocks());
vi.setConfig({ testTimeout: 120_000 });

async function openList() {
  renderApp(`/documentlist/${typeId}?documentRouteStatusId=0`);
  const grid = await screen.findByRole('grid', {}, { timeout: 20_000 });
  await within(grid).findByText('Pecos Draw 1');
  return grid;
}

describe('Sign selected (issue 31)', () => {
  it('reviews the selection, asks consent once, signs in slices and shows each result', async () => {
    const api = installBulkApi();
    const grid = await openList();
    const signSelected = screen.getByRole('button', { name: 'Sign selected' });
    expect(signSelected).toBeDisabled();
    const boxes = within(grid).getAllByRole('checkbox', { name: /select row/i });
    expect(boxes).toHaveLength(8);
    // The returned order cannot be selected.
    expect(boxes[7]).toBeDisabled();
    await userEvent.click(within(grid).getByRole('checkbox', { name: /select all/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign selected (7)' }));

    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Sign 7 division orders' },
      { timeout: 20_000 },
    );
    const list = within(dialog).getByRole('list', { name: 'Division orders to sign' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(
      within(list).getByText(
        'Property: Pecos Draw 1 · Decimal Interest: 0.0125 · Effective Date: 09/01/2026',
      ),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('link', { name: 'Open' })[0]).toHaveAttribute(
      'href',
      '/documents/40',
    );

    const sign = within(dialog).getByRole('button', { name: 'Sign 7' });
    expect(sign).toBeDisabled();
    drawOnPad();
    await waitFor(() => expect(sign).toBeEnabled());
    await userEvent.click(sign);
    // Consent first: nothing is posted without it.
    expect(
      await within(dialog).findByText('Agree to sign electronically first.'),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/documents/return/bulk')).toHaveLength(0);
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I agree to sign electronically' }),
    );
    await userEvent.click(sign);

    expect(await within(dialog).findByText('6 returned signed, 1 not signed.')).toBeInTheDocument();
    expect(api.find('POST', '/api/esign/consent')).toHaveLength(1);
    const posts = api.find('POST', '/api/documents/return/bulk');
    expect(posts.map((p) => (p.body as { ids: number[] }).ids.length)).toEqual([
      BULK_SIGNING_SLICE,
      7 - BULK_SIGNING_SLICE,
    ]);
    expect(posts[0]?.body).toMatchObject({ signed: true, saveSignature: true });
    expect(posts[1]?.body).toMatchObject({ saveSignature: false });
    expect(within(list).getByText('Not signed: Document not found')).toBeInTheDocument();
    expect(within(list).getAllByText('Returned Signed')).toHaveLength(6);
    // A signed one opens as its new version.
    expect(within(list).getAllByRole('link', { name: 'Open' })[0]).toHaveAttribute(
      'href',
      '/documents/140',
    );
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no selection to a ReadOnly member', async () => {
    installBulkApi([Role.ReadOnly]);
    const grid = await openList();
    expect(screen.queryByRole('button', { name: /Sign selected/ })).not.toBeInTheDocument();
    expect(within(grid).queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('Decline selected (issue 31 item 3)', () => {
  it('one required reason for the selection, declined in slices, each result shown', async () => {
    const api = installBulkApi();
    const grid = await openList();
    expect(screen.getByRole('button', { name: 'Decline selected' })).toBeDisabled();
    const boxes = within(grid).getAllByRole('checkbox', { name: /select row/i });
    for (const box of boxes.slice(0, 3)) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Decline selected (3)' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Decline 3 division orders?' },
      { timeout: 20_000 },
    );
    const list = within(dialog).getByRole('list', { name: 'Division orders to decline' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // No reason yet: said so, nothing posted.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline 3' }));
    expect(within(dialog).getByText('Choose a reason')).toBeInTheDocument();
    expect(api.find('POST', '/api/documents/return/bulk')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Interest is wrong' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Details (optional)' }),
      'Ours is 0.125',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline 3' }));
    expect(await within(dialog).findByText('2 declined, 1 not declined.')).toBeInTheDocument();
    const posts = api.find('POST', '/api/documents/return/bulk');
    expect(posts.map((p) => p.body)).toEqual([
      { ids: [40, 41, 42], signed: false, declineReason: 'interestWrong', reason: 'Ours is 0.125' },
    ]);
    expect(within(list).getByText('Not declined: Document not found')).toBeInTheDocument();
    expect(within(list).getAllByText('Returned Unsigned')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
