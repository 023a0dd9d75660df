import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RouteStatus,
  SIGNATURE_FULL_NAME_MAX,
  noDocumentActions,
  declineMessages,
  signingMessages,
} from '@flowline/shared';
import { renderApp } from '../../../../test/render-app';
import {
  PNG,
  buildPendingDivisionOrder,
  consentText,
  drawOnPad,
  dragOnPage,
  fakeCanvas,
  installSigningApi,
  measureElements,
  type SigningApiOptions,
} from './signing-test-kit';

vi.setConfig({ testTimeout: 120_000 });
vi.mock('../viewer/lazy-viewer', async () => {
  const kit = await import('./signing-test-kit');
  return { LazyFileViewer: kit.FakeViewer };
});

let canvas: ReturnType<typeof fakeCanvas>;
beforeEach(() => {
  measureElements();
  canvas = fakeCanvas();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const doc = buildPendingDivisionOrder();
const returnPath = `/api/documents/${doc.id}/return`;

async function openDialog(options: SigningApiOptions = {}) {
  const api = installSigningApi(doc, options);
  const view = renderApp(`/documents/${doc.id}`);
  // The first render of the file loads the lazily routed screen: give it time.
  await userEvent.click(await screen.findByRole('button', { name: 'Return' }, { timeout: 10_000 }));
  await screen.findByText(signingMessages.captureHint);
  dragOnPage({ x: 100, y: 600 }, { x: 400, y: 780 });
  const dialog = within(await screen.findByRole('dialog', { name: 'Sign and return' }));
  return { api, view, dialog };
}

describe('the signature dialog (spec 1 §5)', () => {
  it('keeps Return disabled until there are a name and a drawing; the name is at most 255', async () => {
    const { dialog } = await openDialog();
    const returnButton = dialog.getByRole('button', { name: 'Return' });
    const name = dialog.getByRole('textbox', { name: /Full name/ });
    expect(returnButton).toBeDisabled();
    expect(dialog.getByText(signingMessages.imageRequired)).toBeInTheDocument();

    drawOnPad();
    expect(returnButton).toBeEnabled();

    await userEvent.clear(name);
    await userEvent.tab();
    expect(dialog.getByText(signingMessages.fullNameRequired)).toBeInTheDocument();
    expect(returnButton).toBeDisabled();

    await userEvent.click(name);
    await userEvent.paste('x'.repeat(SIGNATURE_FULL_NAME_MAX + 1));
    expect(dialog.getByText(signingMessages.fullNameTooLong)).toBeInTheDocument();
    expect(returnButton).toBeDisabled();

    await userEvent.clear(name);
    await userEvent.type(name, 'Dana M. Reyes');
    expect(returnButton).toBeEnabled();

    await userEvent.click(dialog.getByRole('button', { name: 'Clear' }));
    expect(returnButton).toBeDisabled();
  });

  it('the Type alternative renders the typed name at 40 % of the canvas height', async () => {
    const { api, dialog } = await openDialog();
    await userEvent.click(dialog.getByRole('tab', { name: 'Type' }));
    expect(dialog.getByRole('img', { name: 'Your typed name as your signature' })).toBeVisible();
    expect(canvas.fillText).toHaveBeenLastCalledWith('Dana Reyes', 300, 100, expect.any(Number));
    // 200 px high canvas → an 80 px font.
    expect(canvas.font).toMatch(/^80px /);
    const returnButton = dialog.getByRole('button', { name: 'Return' });
    expect(returnButton).toBeEnabled();

    const name = dialog.getByRole('textbox', { name: /Full name/ });
    await userEvent.clear(name);
    expect(returnButton).toBeDisabled();
    await userEvent.type(name, 'Dana Q');
    expect(canvas.fillText).toHaveBeenLastCalledWith('Dana Q', 300, 100, expect.any(Number));

    await userEvent.click(returnButton);
    await waitFor(() => expect(api.find('POST', returnPath)).toHaveLength(1));
    expect(api.find('POST', returnPath)[0]!.body).toMatchObject({
      signed: true,
      fullName: 'Dana Q',
      signatureImageAsBase64: PNG,
    });
  });

  it('offers the stored signature again, with its name', async () => {
    const stored = 'c3RvcmVkLXNpZ25hdHVyZQ==';
    const { api, dialog } = await openDialog({
      stored: {
        userId: 7,
        signatureImageAsBase64: stored,
        fullName: 'Dana R. Reyes',
        updatedAt: '',
      },
    });
    const name = dialog.getByRole('textbox', { name: /Full name/ });
    await waitFor(() => expect(name).toHaveValue('Dana R. Reyes'));
    await userEvent.click(dialog.getByRole('button', { name: 'Use my saved signature' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(api.find('POST', returnPath)).toHaveLength(1));
    expect(api.find('POST', returnPath)[0]!.body).toMatchObject({
      fullName: 'Dana R. Reyes',
      signatureImageAsBase64: stored,
    });
  });

  it('asks for consent to sign electronically once, and records it before returning', async () => {
    // The return answers the same document, still to be signed: the dialog can open again.
    const { api, dialog } = await openDialog({ consentedAt: null, returned: () => doc });
    expect(await dialog.findByText(consentText)).toBeInTheDocument();
    drawOnPad();
    await userEvent.click(dialog.getByRole('button', { name: 'Return' }));
    expect(dialog.getByText(signingMessages.consentRequired)).toBeInTheDocument();
    expect(api.find('POST', returnPath)).toHaveLength(0);

    await userEvent.click(dialog.getByRole('checkbox', { name: 'I agree to sign electronically' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(api.find('POST', returnPath)).toHaveLength(1));
    const order = api.requests.map((r) => `${r.method} ${r.path}`);
    expect(order.indexOf('POST /api/esign/consent')).toBeLessThan(
      order.indexOf(`POST ${returnPath}`),
    );
    expect(api.find('POST', '/api/esign/consent')[0]!.body).toEqual({ version: '2026-11' });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Return' }));
    dragOnPage({ x: 100, y: 600 }, { x: 400, y: 780 });
    const again = within(await screen.findByRole('dialog', { name: 'Sign and return' }));
    expect(again.queryByText(consentText)).not.toBeInTheDocument();
    expect(again.queryByRole('checkbox', { name: 'I agree to sign electronically' })).toBeNull();
  });

  it('returns unsigned (declines) after a confirmation with a required reason', async () => {
    const { api, view, dialog } = await openDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Return unsigned' }));
    const confirm = within(await screen.findByRole('dialog', { name: declineMessages.title }));
    expect(api.find('POST', returnPath)).toHaveLength(0);
    // No reason chosen: refused on the screen, nothing sent.
    await userEvent.click(confirm.getByRole('button', { name: 'Decline' }));
    expect(confirm.getByText(declineMessages.reasonRequired)).toBeInTheDocument();
    expect(api.find('POST', returnPath)).toHaveLength(0);
    await userEvent.click(confirm.getByRole('radio', { name: 'Not my property' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.find('POST', returnPath)).toHaveLength(1));
    expect(api.find('POST', returnPath)[0]!.body).toEqual({
      signed: false,
      declineReason: 'notMyProperty',
      reason: null,
    });
    expect(await screen.findByText(signingMessages.returnedUnsigned)).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe(`/documents/${doc.id}`);
  });

  it("offers Decline beside Return: Other needs the owner's words, the operator then reads the reason", async () => {
    const api = installSigningApi(doc);
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const confirm = within(await screen.findByRole('dialog', { name: declineMessages.title }));
    expect(confirm.getByText(declineMessages.confirm)).toBeInTheDocument();
    for (const label of [
      'Interest is wrong',
      'Name/address is wrong',
      'Not my property',
      'Other',
    ]) {
      expect(confirm.getByRole('radio', { name: label })).toBeInTheDocument();
    }
    // Cancel sends nothing.
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.find('POST', returnPath)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const again = within(await screen.findByRole('dialog', { name: declineMessages.title }));
    await userEvent.click(again.getByRole('radio', { name: 'Other' }));
    await userEvent.click(again.getByRole('button', { name: 'Decline' }));
    expect(again.getByText(declineMessages.detailsRequired)).toBeInTheDocument();
    expect(api.find('POST', returnPath)).toHaveLength(0);
    const details = again.getByRole('textbox', { name: /Details/ });
    await userEvent.click(details);
    await userEvent.paste('x'.repeat(2001));
    expect(again.getByText(declineMessages.detailsTooLong)).toBeInTheDocument();
    await userEvent.clear(details);
    await userEvent.type(details, 'Sold the tract in 2019');
    expect((await axe.run(document.body)).violations).toEqual([]);
    await userEvent.click(again.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.find('POST', returnPath)).toHaveLength(1));
    expect(api.find('POST', returnPath)[0]!.body).toEqual({
      signed: false,
      declineReason: 'other',
      reason: 'Sold the tract in 2019',
    });
    expect(await screen.findByText(signingMessages.returnedUnsigned)).toBeInTheDocument();
    // The returned document shows its reason.
    expect(await screen.findByText('Return Reason')).toBeInTheDocument();
    expect(screen.getByText('Other: Sold the tract in 2019')).toBeInTheDocument();
  });

  it('shows the server’s message when the return is refused', async () => {
    const { dialog } = await openDialog({
      handlers: {
        [`POST ${returnPath}`]: () =>
          new Response(
            JSON.stringify({ error: { message: 'The document changed', code: 'conflict' } }),
            { status: 409, headers: { 'Content-Type': 'application/json' } },
          ),
      },
    });
    drawOnPad();
    await userEvent.click(dialog.getByRole('button', { name: 'Return' }));
    expect(await dialog.findByText('The document changed')).toBeInTheDocument();
  });

  it('is accessible (axe)', async () => {
    const { dialog } = await openDialog({ consentedAt: null });
    await dialog.findByText(consentText);
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

describe('a returned signed division order', () => {
  const signed = buildPendingDivisionOrder({
    id: 602,
    routeStatusId: RouteStatus.Returned,
    routeStatus: { id: RouteStatus.Returned, name: 'Returned' },
    isReadOnly: true,
    availableActions: { ...noDocumentActions, close: true },
    documentSignatures: [{ imageAsBase64: PNG, userId: 7, area: '{}', page: 1 }],
  });

  it('downloads the certificate and checks the evidence', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} });
    let valid = true;
    const api = installSigningApi(signed, {
      handlers: {
        'GET /api/documents/602/certificate': () =>
          new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } }),
        'GET /api/documents/602/evidence/verify': () =>
          valid
            ? { valid: true, entries: 3, headHash: 'ab12', brokenAt: null }
            : {
                valid: false,
                entries: 3,
                headHash: 'ab12',
                brokenAt: { entryId: 41, reason: 'hash mismatch' },
              },
      },
    });
    renderApp('/documents/602');
    await userEvent.click(await screen.findByRole('button', { name: 'Certificate' }));
    await waitFor(() => expect(api.find('GET', '/api/documents/602/certificate')).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Verify signature evidence' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Signature evidence' }));
    expect(
      await dialog.findByText('The signature evidence is intact: 3 entries verified.'),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    valid = false;
    await userEvent.click(screen.getByRole('button', { name: 'Verify signature evidence' }));
    expect(
      await screen.findByText('The signature evidence breaks at entry 41: hash mismatch'),
    ).toBeInTheDocument();
  });

  it('shows neither on a division order still to sign', async () => {
    installSigningApi(doc);
    renderApp(`/documents/${doc.id}`);
    expect(await screen.findByRole('button', { name: 'Return' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Certificate' })).not.toBeInTheDocument();
  });
});
