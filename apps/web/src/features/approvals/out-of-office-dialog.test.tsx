import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApprovalDelegation } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 120_000 });
afterEach(() => vi.unstubAllGlobals());

const emptyInbox = { columnHeaders: [], items: [], totalRecords: 0 };

describe('Out of office (issue 29 item 3)', () => {
  it('delegates my approvals for a date range, shows the server refusal, and ends it', async () => {
    let delegations: ApprovalDelegation[] = [];
    let refuse = true;
    const api = installSessionApi({
      handlers: {
        'GET /api/documentroute/inbox': () => emptyInbox,
        'GET /api/approvals/delegates': () => ({
          items: [
            { id: 5, name: 'Ana Clerk' },
            { id: 6, name: 'Ben Manager' },
          ],
        }),
        'GET /api/approvals/delegations': () => ({ items: delegations }),
        'POST /api/approvals/delegations': (req) => {
          if (refuse) {
            refuse = false;
            return Response.json(
              {
                error: {
                  message: 'You already delegate your approvals for part of these dates',
                  code: 'delegation_overlap',
                },
              },
              { status: 409 },
            );
          }
          const body = req.body as { toUserId: number; startsOn: string; endsOn: string };
          const created: ApprovalDelegation = {
            id: 9,
            fromUserId: 7,
            fromUserName: 'Me',
            toUserId: body.toUserId,
            toUserName: 'Ben Manager',
            startsOn: body.startsOn,
            endsOn: body.endsOn,
            isActive: true,
          };
          delegations = [created];
          return Response.json(created, { status: 201 });
        },
        'DELETE /api/approvals/delegations/9': () => {
          delegations = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    renderApp('/my-approvals');
    await userEvent.click(await screen.findByRole('button', { name: 'Out of office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Out of office' });

    // Nobody chosen: the form says so and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delegate' }));
    expect(await within(dialog).findByText('Choose who approves for you')).toBeVisible();
    expect(api.find('POST', '/api/approvals/delegations')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Approves for me/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ben Manager' }));
    const last = within(dialog).getByLabelText(/Last day/);
    await userEvent.clear(last);
    await userEvent.type(last, '2099-01-09');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delegate' }));
    expect(
      await within(dialog).findByText(
        'You already delegate your approvals for part of these dates',
      ),
    ).toBeVisible();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delegate' }));
    await waitFor(() => expect(api.find('POST', '/api/approvals/delegations')).toHaveLength(2));
    expect(api.find('POST', '/api/approvals/delegations')[1]?.body).toMatchObject({
      toUserId: 6,
      endsOn: '2099-01-09',
    });
    const list = await within(dialog).findByRole('list', { name: 'Delegations' });
    expect(within(list).getByText('Ben Manager approves for you')).toBeVisible();

    await userEvent.click(
      within(list).getByRole('button', { name: 'End: Ben Manager approves for you' }),
    );
    expect(await within(dialog).findByText('No delegations.')).toBeVisible();
  });
});
