import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@flowline/shared';
import { createFakeAuthClient } from '../../test/fake-auth-client';
import { installFakeApi } from '../../test/fake-api';
import { installSessionApi, renderApp } from '../../test/render-app';
import { uploadForm } from '../../lib/upload';

// XMLHttpRequest (upload progress) is the network boundary of uploads: replaced here.
vi.mock('../../lib/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const png = (name: string, size = 100) => {
  const file = new File([new Uint8Array(10)], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
// The smallest valid PNG, as the server would answer GET /api/logo/{id}.
const logoBytes = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

beforeEach(() => {
  upload.mockReset();
  upload.mockImplementation(async (_path, _form, options) => {
    options.onProgress?.(50);
    return { companyId: 1, updatedAt: '2026-11-23T10:00:00.000Z' } as never;
  });
});
afterEach(() => vi.unstubAllGlobals());

async function choose(...files: File[]) {
  const zone = await screen.findByRole('button', { name: 'Choose a file or drag it here' });
  expect(zone).toBeInTheDocument();
  await userEvent.upload(screen.getByTestId('file-input'), files);
}

describe('logo page', () => {
  it('explains the resize and uploads a chosen image at once', async () => {
    installSessionApi({ user: admin });
    renderApp('/admin/logo');
    expect(
      await screen.findByText('The logo will be resized to 250px wide and 50px tall.'),
    ).toBeInTheDocument();
    await choose(png('logo.png'));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const [path, form] = upload.mock.calls[0]!;
    expect(path).toBe('/companyImage/upload');
    expect((form.get('file') as File).name).toBe('logo.png');
    expect(await screen.findByText('Logo uploaded')).toBeInTheDocument();
  });

  it.each([
    ['a name over 175 characters', png(`${'a'.repeat(172)}.png`), 'The file name is too long.'],
    [
      'a file over 5 MB',
      png('big.png', 5 * 1024 * 1024 + 1),
      'The file is too large. The maximum size is 5 MB.',
    ],
  ])('refuses %s before uploading', async (_label, file, message) => {
    installSessionApi({ user: admin });
    renderApp('/admin/logo');
    await choose(file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('accepts a name of exactly 175 characters', async () => {
    installSessionApi({ user: admin });
    renderApp('/admin/logo');
    await choose(png(`${'a'.repeat(171)}.png`));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
  });

  it('shows the server message when the upload is refused', async () => {
    const { ApiError } = await import('../../lib/api-error');
    upload.mockRejectedValueOnce(
      new ApiError(
        415,
        'unsupported_file_type',
        'Please choose an image file (PNG, JPEG, GIF or WebP).',
      ),
    );
    installSessionApi({ user: admin });
    renderApp('/admin/logo');
    await choose(png('fake.png'));
    expect(
      await screen.findByText('Please choose an image file (PNG, JPEG, GIF or WebP).'),
    ).toBeInTheDocument();
  });

  it('lets other roles see the logo but not change it', async () => {
    installSessionApi({ user: { roles: [Role.User], mainRole: Role.User } });
    renderApp('/admin/logo');
    expect(await screen.findByText(/Only administrators of Company 1/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose a file or drag it here' })).toBeNull();
  });

  it('invites a signed-out visitor to sign in', async () => {
    installFakeApi({});
    renderApp('/admin/logo', createFakeAuthClient({ isAuthenticated: false }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/landingpage?redirectTo=%2Fadmin%2Flogo',
    );
  });

  it('shows the company logo in the top bar', async () => {
    installSessionApi({
      handlers: {
        'GET /api/logo/1': () =>
          new Response(logoBytes, { headers: { 'Content-Type': 'image/png' } }),
      },
    });
    renderApp('/');
    const img = await screen.findByRole('img', { name: 'Company 1 logo' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });
});
