import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, jobMessages, type FailedJob } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const failed: FailedJob = {
  id: '7b0c3c4e-0000-4000-8000-000000000001',
  queue: 'mail-send',
  queueLabel: 'E-mail',
  label: 'E-mail "Invoice INV-1" to rosa@test.example',
  companyId: 1,
  createdAt: '2026-11-24T10:00:00.000Z',
  failedAt: '2026-11-24T14:00:00.000Z',
  attempts: 9,
  error: 'connect ECONNREFUSED 127.0.0.1:25',
};

describe('Background jobs', () => {
  it('lists failed jobs with their error and retries one', async () => {
    let jobs: FailedJob[] = [failed];
    const api = installSessionApi({
      user: admin,
      handlers: {
        'GET /api/jobs/failed': () => ({ items: jobs, totalRecords: jobs.length }),
        [`POST /api/jobs/${failed.id}/retry`]: () => {
          jobs = [];
          return Response.json({ id: failed.id, message: jobMessages.retried }, { status: 202 });
        },
      },
    });
    renderApp('/admin/jobs');
    expect(await screen.findByRole('heading', { name: 'Background jobs' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Failed background jobs' });
    expect(within(table).getByText('E-mail')).toBeInTheDocument();
    expect(within(table).getByText(failed.label!)).toBeInTheDocument();
    expect(within(table).getByText(failed.error)).toBeInTheDocument();
    expect(within(table).getByText('9')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: `Retry ${failed.label}` }));
    expect(await screen.findByText(jobMessages.retried)).toBeInTheDocument();
    expect(await screen.findByText(jobMessages.empty)).toBeInTheDocument();
    expect(api.find('POST', `/api/jobs/${failed.id}/retry`)).toHaveLength(1);
  });

  it('says so when nothing failed', async () => {
    installSessionApi({
      user: admin,
      handlers: { 'GET /api/jobs/failed': () => ({ items: [], totalRecords: 0 }) },
    });
    renderApp('/admin/jobs');
    expect(await screen.findByText(jobMessages.empty)).toBeInTheDocument();
  });

  it('is for Administrators only', async () => {
    installSessionApi({ user: { roles: [Role.User], mainRole: Role.User } });
    renderApp('/admin/jobs');
    expect(
      await screen.findByRole('heading', { name: 'You need to be an administrator' }),
    ).toBeInTheDocument();
  });
});
