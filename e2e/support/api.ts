import { expect, type Page } from '@playwright/test';

/** Calls the API from the page with the signed-in user's token and selected company. */
export async function callApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
      const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string };
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${user.access_token ?? ''}`,
          'company-id': localStorage.getItem('flowline.selectedCompanyId') ?? '',
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body },
  );
  expect(result.status, `${method} ${path}: ${result.text}`).toBeLessThan(300);
  return (result.text ? JSON.parse(result.text) : undefined) as T;
}
