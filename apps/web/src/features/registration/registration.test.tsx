import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createFakeAuthClient } from '../../test/fake-auth-client';
import { apiError, installFakeApi, json } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { loginReturnPath } from './register-page';

afterEach(() => vi.unstubAllGlobals());

const signedOut = () => createFakeAuthClient({ isAuthenticated: false });

const lookups = {
  'GET /api/servicesLookup/Countries': () => [
    { code: 'CA', name: 'Canada', isActive: true },
    { code: 'FR', name: 'France', isActive: true },
    { code: 'US', name: 'United States', isActive: true },
  ],
  'GET /api/servicesLookup/Timezones': () => [
    { id: 'America/Chicago', displayName: '(UTC-06:00) America/Chicago' },
    { id: 'America/Toronto', displayName: '(UTC-05:00) America/Toronto' },
  ],
  'GET /api/servicesLookup/States/US': () => [
    { code: 'OK', name: 'Oklahoma' },
    { code: 'TX', name: 'Texas' },
  ],
  'GET /api/servicesLookup/States/CA': () => [{ code: 'AB', name: 'Alberta' }],
  'GET /api/servicesLookup/TaxTypes/US': () => [
    { code: 'EIN', name: 'EIN', format: 'NN-NNNNNNN' },
    { code: 'SSN', name: 'SSN', format: 'NNN-NN-NNNN' },
  ],
  'GET /api/servicesLookup/TaxTypes/CA': () => [
    { code: 'BN', name: 'Business Number', format: 'NNNNNNNNN' },
  ],
};

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

async function choose(name: string, option: string) {
  await userEvent.click(select(name));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function renderRegister(path = '/register', handlers = {}) {
  const api = installFakeApi({ ...lookups, ...handlers });
  const view = renderApp(path, signedOut());
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
  return { ...view, api };
}

async function fillEverything() {
  await userEvent.type(field('Legal Name'), 'Basin Supply LLC');
  await userEvent.type(screen.getByRole('combobox', { name: /^Time Zone/ }), 'Chicago');
  await userEvent.click(await screen.findByRole('option', { name: '(UTC-06:00) America/Chicago' }));
  await userEvent.type(field('Address Line 1'), '100 Main St');
  await choose('Country', 'United States');
  await choose('State', 'Texas');
  await userEvent.type(field('City'), 'Midland');
  await userEvent.type(field('Zip Code'), '79701');
  await choose('Tax Identification Type', 'EIN');
  await userEvent.type(field('Tax Number'), '12-3456789');
  await userEvent.type(field('First Name'), 'Rosa');
  await userEvent.type(field('Last Name'), 'Diaz');
  await userEvent.type(field('Email'), 'rosa@basin.example');
}

describe('Sign Up', () => {
  it('has the two sections, and State and Tax Identification Type wait for a country', async () => {
    await renderRegister();
    expect(screen.getByRole('heading', { level: 2, name: 'Account Details' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Administrative User' }),
    ).toBeInTheDocument();
    expect(select('State')).toHaveAttribute('aria-disabled', 'true');
    expect(select('Tax Identification Type')).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(select('Country'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // Only countries with states and tax types can complete a registration.
    expect(options.map((o) => o.textContent)).toEqual(['Canada', 'United States']);
    await userEvent.click(screen.getByRole('option', { name: 'United States' }));
    expect(select('State')).not.toHaveAttribute('aria-disabled');
    expect(select('Tax Identification Type')).not.toHaveAttribute('aria-disabled');
  });

  it('clears state, tax type and zip when the country changes, and relabels for Canada', async () => {
    await renderRegister();
    await choose('Country', 'United States');
    await choose('State', 'Texas');
    await choose('Tax Identification Type', 'EIN');
    await userEvent.type(field('Zip Code'), '79701');
    expect(screen.getByText('Format: NN-NNNNNNN')).toBeInTheDocument();

    await choose('Country', 'Canada');
    expect(select('Province')).not.toHaveTextContent('Texas');
    expect(select('Tax Identification Type')).not.toHaveTextContent('EIN');
    expect(document.querySelector('input[name="state"]')).toHaveValue('');
    expect(document.querySelector('input[name="taxIdType"]')).toHaveValue('');
    expect(field('Postal Code')).toHaveValue('');
    expect(screen.queryByText('Format: NN-NNNNNNN')).not.toBeInTheDocument();
    await choose('Tax Identification Type', 'Business Number');
    expect(screen.getByText('Format: NNNNNNNNN')).toBeInTheDocument();
  });

  it('checks zip and postal codes for the chosen country and upper-cases them', async () => {
    await renderRegister();
    await choose('Country', 'United States');
    await userEvent.type(field('Zip Code'), '7970');
    await userEvent.tab();
    expect(await screen.findByText('Must be a 5 or 9 digit code')).toBeInTheDocument();
    await userEvent.type(field('Zip Code'), '1-1234');
    await waitFor(() =>
      expect(screen.queryByText('Must be a 5 or 9 digit code')).not.toBeInTheDocument(),
    );

    await choose('Country', 'Canada');
    await userEvent.type(field('Postal Code'), 't2p1j');
    await userEvent.tab();
    expect(field('Postal Code')).toHaveValue('T2P1J');
    expect(
      await screen.findByText('Must be a 6 character code arranged in the form ANANAN'),
    ).toBeInTheDocument();
  });

  it('shows the spec messages for missing and malformed fields', async () => {
    const { api } = await renderRegister();
    await userEvent.type(field('Legal Name'), 'A-B');
    await userEvent.type(field('Email'), 'rosa@');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('Legal Name must have at least 3 alphanumeric characters'),
    ).toBeInTheDocument();
    expect(screen.getByText('Must be a valid email')).toBeInTheDocument();
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(9);
    expect(api.find('POST', '/api/companyRegistration')).toHaveLength(0);
  });

  it('registers and shows the success page with the company name', async () => {
    const { api, router } = await renderRegister('/register', {
      'POST /api/companyRegistration': () => json({ id: 7, name: 'Basin Supply LLC' }, 201),
    });
    await fillEverything();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(
      await screen.findByText('Please check your email for further instructions'),
    ).toBeInTheDocument();
    expect(screen.getByText('Basin Supply LLC')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registersuccess');
    expect(api.find('POST', '/api/companyRegistration')[0]?.body).toMatchObject({
      invitationToken: null,
      isBoarding: false,
      legalName: 'Basin Supply LLC',
      timezone: 'America/Chicago',
      country: 'US',
      state: 'TX',
      zipCode: '79701',
      taxIdType: 'EIN',
      taxNumber: '12-3456789',
      userEmail: 'rosa@basin.example',
    });
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute(
      'href',
      '/landingpage',
    );
  });

  it("shows the server's message and lets the visitor try again", async () => {
    const { api } = await renderRegister('/register', {
      'POST /api/companyRegistration': () =>
        apiError(
          409,
          'A user with this email already exists. Please sign in instead.',
          'email_taken',
        ),
    });
    await fillEverything();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A user with this email already exists. Please sign in instead.',
    );
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    expect(api.find('POST', '/api/companyRegistration')).toHaveLength(1);
  });

  it('sends the onboarding token and offers to sign in to the onboarding page', async () => {
    const { api } = await renderRegister('/onboarding/tok-9', {
      'POST /api/companyRegistration': () => json({ id: 8, name: 'Basin Supply LLC' }, 201),
    });
    const login = screen.getByRole('link', { name: 'Already have a login?' });
    expect(login).toHaveAttribute(
      'href',
      `/landingpage?redirectTo=${encodeURIComponent('/admin/onboarding/tok-9')}`,
    );
    await fillEverything();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Please check your email for further instructions');
    expect(api.find('POST', '/api/companyRegistration')[0]?.body).toMatchObject({
      invitationToken: 'tok-9',
      isBoarding: true,
    });
  });

  it('links to sign-in, returning to the invitation when there is one', async () => {
    await renderRegister();
    expect(
      screen.getByRole('link', { name: 'Already have an account? Login instead' }),
    ).toHaveAttribute('href', `/landingpage?redirectTo=${encodeURIComponent('/')}`);
    expect(loginReturnPath('abc', false)).toBe('/admin/invitations/abc');
    expect(loginReturnPath('abc', true)).toBe('/admin/onboarding/abc');
    expect(loginReturnPath(undefined, false)).toBe('/');
  });

  it('has no serious accessibility problems', async () => {
    await renderRegister();
    await choose('Country', 'United States');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findAllByText('Required');
    // jsdom cannot lay out text, so colour contrast is checked in the browser (e2e).
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = result.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

describe('Sign Up from an invitation e-mail', () => {
  it('prefills the invited e-mail and names the inviting company', async () => {
    const { api } = await renderRegister('/register/tok-5', {
      'GET /api/invitation/token/tok-5': () => ({
        receiverEmail: 'ap@caprock.example',
        senderCompanyName: 'Permian Basin Services LLC',
        onboarding: false,
      }),
      'POST /api/companyRegistration': () => json({ id: 8, name: 'Basin Supply LLC' }, 201),
    });
    expect(
      await screen.findByText(/Permian Basin Services LLC invited your company to connect/),
    ).toBeVisible();
    await waitFor(() => expect(field('Email')).toHaveValue('ap@caprock.example'));
    expect(api.find('GET', '/api/invitation/token/tok-5')[0]?.headers.has('Authorization')).toBe(
      false,
    );
  });

  it('registers without a hint when the token is unknown', async () => {
    await renderRegister('/register/gone', {
      'GET /api/invitation/token/gone': () => apiError(404, 'Invitation not found'),
    });
    expect(screen.getByRole('link', { name: 'Already have a login?' })).toBeVisible();
    expect(field('Email')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
