import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Role, type InboundEmail } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const inbound: InboundEmail = {
  address: 'basin@inbound.flowline.local',
  enabled: true,
  limits: {
    maxMessageBytes: 25 * 1024 * 1024,
    maxAttachments: 10,
    perSenderPerHour: 60,
    allowedTypes: ['PDF', 'PNG', 'JPEG', 'TIFF'],
  },
  deliveries: [
    {
      id: 2,
      receivedAt: '2026-11-28T15:00:00.000Z',
      sender: 'someone@elsewhere.example',
      subject: 'Tool',
      status: 'refused',
      reason: 'Attachment tool.exe is not a PDF or an image (PDF, PNG, JPEG, TIFF)',
      partyName: null,
      documentIds: [],
    },
    {
      id: 1,
      receivedAt: '2026-11-28T14:00:00.000Z',
      sender: 'billing@acme.example',
      subject: 'Invoices for November',
      status: 'accepted',
      reason: null,
      partyName: 'Acme Oilfield Services',
      documentIds: [41, 42],
    },
  ],
};

describe('Inbound e-mail', () => {
  it('shows the address, the limits and the recent deliveries', async () => {
    installSessionApi({ user: admin, handlers: { 'GET /api/inbound-email': () => inbound } });
    renderApp('/admin/inbound-email');
    expect(await screen.findByRole('heading', { name: 'Inbound e-mail' })).toBeInTheDocument();
    expect(await screen.findByTestId('inbound-address')).toHaveTextContent(inbound.address);
    expect(screen.getByText(/at most 10 documents and 25 MB per message/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Recent deliveries' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Unknown sender')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/tool\.exe is not a PDF/)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Acme Oilfield Services')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: 'Document 2' })).toHaveAttribute(
      'href',
      '/documents/42',
    );
  });

  it('says when the server receives no mail', async () => {
    installSessionApi({
      user: admin,
      handlers: {
        'GET /api/inbound-email': () => ({ ...inbound, enabled: false, deliveries: [] }),
      },
    });
    renderApp('/admin/inbound-email');
    expect(await screen.findByText(/does not receive mail yet/)).toBeInTheDocument();
    expect(screen.getByText('No e-mail received yet.')).toBeInTheDocument();
  });

  it('is for Administrators only', async () => {
    installSessionApi({ user: { roles: [Role.User], mainRole: Role.User } });
    renderApp('/admin/inbound-email');
    expect(
      await screen.findByRole('heading', { name: 'You need to be an administrator' }),
    ).toBeInTheDocument();
  });
});
