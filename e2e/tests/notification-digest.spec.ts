import { expect, test, type Page } from '@playwright/test';
import { callApi } from '../support/api';
import { samplePdf } from '../support/documents';
import { signIn, skipWelcome } from '../support/session';

const AR_INVOICE = 93;
const BATCH = 20;
const OPERATOR_USER = 'user@redmesa.example';

interface DevMail {
  id: number;
  subject: string;
  text: string;
}

async function newestMailTo(page: Page, email: string): Promise<DevMail | null> {
  const res = await page.request.get('/dev/mail/latest.json', { params: { to: email } });
  return res.ok() ? ((await res.json()) as DevMail) : null;
}

/** Ids of the mails to `email` in the dev mailbox's list page (the last 100), as a person sees it. */
async function mailIdsTo(page: Page, email: string): Promise<number[]> {
  const html = await (await page.request.get('/dev/mail')).text();
  const rows = [
    ...html.matchAll(/<a href="\/dev\/mail\/(\d+)">[^<]*<\/a><\/td><td>([^<]*)<\/td>/g),
  ];
  return rows.filter((r) => r[2]!.split(', ').includes(email)).map((r) => Number(r[1]));
}

/**
 * The vendor's accounting system sends a batch at once: each invoice uploaded with its Bill To,
 * its values saved and sent — the calls the Send dialog and the document screen make.
 */
async function sendInvoiceBatch(vendor: Page, count: number, stamp: string) {
  const parties = await callApi<{ items: { id: number; name: string }[] }>(
    vendor,
    'GET',
    '/api/party/grid/search?query=Red%20Mesa&page=1&itemsPerPage=10&isActive=true',
  );
  const redMesa = parties.items.find((p) => p.name.startsWith('Red Mesa Operating'));
  expect(redMesa, 'the vendor is connected to Red Mesa').toBeDefined();
  const withUnits = await callApi<{ connectedOrgUnits: Record<string, string> }>(
    vendor,
    'GET',
    `/api/party/getByIdWithConnectedOrgUnits/${redMesa!.id}`,
  );
  const billToOrgUnitId = Number(Object.keys(withUnits.connectedOrgUnits)[0]);
  expect(billToOrgUnitId).toBeGreaterThan(0);

  const statuses = await vendor.evaluate(
    async ({ base64, count, stamp, receivingPartyId, billToOrgUnitId, documentTypeId }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
      const token = (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string })
        .access_token;
      const headers = {
        authorization: `Bearer ${token ?? ''}`,
        'company-id': localStorage.getItem('flowline.selectedCompanyId') ?? '',
      };
      const pdf = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const sendOne = async (n: number) => {
        const number = `${stamp}${String(n).padStart(2, '0')}`;
        // Each invoice its own bytes: the same file twice would be a possible duplicate.
        const bytes = new Blob([pdf, `\n% batch ${number}\n`], { type: 'application/pdf' });
        const form = new FormData();
        form.append(
          'fileUploadData',
          JSON.stringify({ receivingPartyId, billToOrgUnitId, documentTypeId }),
        );
        form.append('file', bytes, `invoice-${number}.pdf`);
        const upload = await fetch('/api/documents/upload', {
          method: 'POST',
          headers,
          body: form,
        });
        if (upload.status !== 201) return `upload ${upload.status}: ${await upload.text()}`;
        const { documentIds } = (await upload.json()) as { documentIds: number[] };
        const id = documentIds[0]!;
        const doc = (await (await fetch(`/api/documents/${id}`, { headers })).json()) as {
          metadata: { metadata: { id: number; key: string } }[];
        };
        const idOf = (k: string) => doc.metadata.find((m) => m.metadata.key === k)!.metadata.id;
        const values: Record<string, string> = {
          docNumber: number,
          docInvoiceDate: '2026-11-20',
          docServiceDate: '2026-11-18',
          docTotal: String(100 + n),
        };
        const metadata = Object.entries(values).map(([k, value]) => ({
          metadataDefinitionId: idOf(k),
          value,
        }));
        const sent = await fetch(`/api/documents/${id}/publish`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ metadata }),
        });
        return sent.status === 200 ? 'sent' : `publish ${sent.status}: ${await sent.text()}`;
      };
      return Promise.all(Array.from({ length: count }, (_, n) => sendOne(n)));
    },
    {
      base64: samplePdf.toString('base64'),
      count,
      stamp,
      receivingPartyId: redMesa!.id,
      billToOrgUnitId,
      documentTypeId: AR_INVOICE,
    },
  );
  expect(statuses).toEqual(Array.from({ length: count }, () => 'sent'));
}

test('a vendor sends 20 invoices at once: the operator’s unread count rises live and one digest e-mail arrives (issue 15 item 3)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const operator = await browser.newPage();
  await signIn(operator, OPERATOR_USER);
  await skipWelcome(operator);
  const nav = operator.getByRole('navigation', { name: 'Main navigation' });
  const { count: before } = await callApi<{ count: number }>(
    operator,
    'GET',
    '/api/documentroute/inbox/unreadCount',
  );
  await expect(nav.getByRole('link', { name: /^Inbox/ })).toHaveAccessibleName(
    before > 0 ? `Inbox (${before} unread)` : /^Inbox/,
  );
  const mailsBefore = new Set(await mailIdsTo(operator, OPERATOR_USER));

  const vendor = await browser.newPage();
  await signIn(vendor, 'user@permian.example');
  await skipWelcome(vendor);
  const stamp = String(Date.now()).slice(-6);
  await sendInvoiceBatch(vendor, BATCH, stamp);

  // Live: the operator's page was never reloaded.
  await expect(nav.getByRole('link', { name: `Inbox (${before + BATCH} unread)` })).toBeVisible({
    timeout: 30_000,
  });

  // One mail, a digest of the twenty, arrives after the digest window.
  await expect
    .poll(async () => (await newestMailTo(operator, OPERATOR_USER))?.subject ?? '', {
      timeout: 60_000,
    })
    .toMatch(new RegExp(`^${BATCH} new notifications`));
  const digest = (await newestMailTo(operator, OPERATOR_USER))!;
  for (const n of [0, BATCH - 1]) {
    expect(digest.text).toContain(`${stamp}${String(n).padStart(2, '0')}`);
  }
  // …and nothing else for this batch: no mail per invoice.
  await operator.waitForTimeout(2000);
  const newMails = (await mailIdsTo(operator, OPERATOR_USER)).filter((id) => !mailsBefore.has(id));
  expect(newMails).toEqual([digest.id]);

  // The person reads it in the mailbox page and follows a link to one of the invoices.
  await operator.goto(`/dev/mail/${digest.id}`);
  await expect(operator.getByRole('heading', { level: 1 })).toHaveText(digest.subject);
  await vendor.close();
  await operator.close();
});
