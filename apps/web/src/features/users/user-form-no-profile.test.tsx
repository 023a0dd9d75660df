import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('User form of a company without a profile', () => {
  it('explains that a profile is needed first and links to creating one', async () => {
    installSessionApi({
      user: { roles: [Role.Administrator], mainRole: Role.Administrator },
      handlers: {
        'GET /api/terminology': () => [],
        'GET /api/lookups/roles': () => [
          { id: 1, name: 'Administrator' },
          { id: 3, name: 'ReadOnly' },
          { id: 11, name: 'Processor' },
        ],
        'GET /api/companyorgunit': () => ({ items: [], totalRecords: 0 }),
      },
    });
    const { router } = renderApp('/admin/user/create');
    expect(
      await screen.findByText(/this company has no active Profile yet/, { exact: false }),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Create a Profile' });
    expect(link).toHaveAttribute('href', '/admin/orgunit/create');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orgunit/create'));
  });
});
