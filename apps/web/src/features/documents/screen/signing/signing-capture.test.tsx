import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RouteStatus,
  UserType,
  noDocumentActions,
  signingMessages,
  type ReturnDocumentInput,
} from '@flowline/shared';
import { renderApp } from '../../../../test/render-app';
import { draftValues } from '../test/document-fixtures';
import {
  buildPendingDivisionOrder,
  drawOnPad,
  dragOnPage,
  fakeCanvas,
  installSigningApi,
  measureElements,
  phoneViewport,
} from './signing-test-kit';

vi.setConfig({ testTimeout: 120_000 });
vi.mock('../viewer/lazy-viewer', async () => {
  const kit = await import('./signing-test-kit');
  return { LazyFileViewer: kit.FakeViewer };
});

beforeEach(() => {
  measureElements();
  fakeCanvas();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Return: signature-capture mode (spec 1 §4)', () => {
  it('drags a box on the page, signs, returns and opens the new version', async () => {
    const doc = buildPendingDivisionOrder();
    const api = installSigningApi(doc);
    const { router } = renderApp(`/documents/${doc.id}`);
    // The first render of the file loads the lazily routed screen: give it time.
    await userEvent.click(
      await screen.findByRole('button', { name: 'Return' }, { timeout: 10_000 }),
    );
    expect(await screen.findByText(signingMessages.captureHint)).toBeInTheDocument();

    // 600×800 shown: from (120, 560) to (420, 760).
    dragOnPage({ x: 120, y: 560 }, { x: 420, y: 760 });
    const dialog = await screen.findByRole('dialog', { name: 'Sign and return' });
    expect(within(dialog).getByText(/^Page 1:/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Full name/ })).toHaveValue('Dana Reyes');
    drawOnPad();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));

    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${doc.id}/return`)).toHaveLength(1),
    );
    const body = api.find('POST', `/api/documents/${doc.id}/return`)[0]!
      .body as ReturnDocumentInput;
    expect(body).toMatchObject({
      signed: true,
      fullName: 'Dana Reyes',
      page: 1,
      area: { x: 0.2, y: 0.7, width: 0.5, height: 0.25 },
      consentVersion: '2026-11',
      saveSignature: true,
    });
    expect(await screen.findByText(signingMessages.returnedSigned)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/602'));
  });

  it('places the default 300×200 box from the keyboard; Cancel or Escape goes back to click-to-fill', async () => {
    const doc = buildPendingDivisionOrder();
    installSigningApi(doc);
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    const bar = (await screen.findByText(signingMessages.captureHint)).closest('[role="status"]');
    await userEvent.click(within(bar as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(signingMessages.captureHint)).not.toBeInTheDocument();
    expect(document.querySelector('[data-signature-capture]')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Return' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Place at default position' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign and return' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Cancel in the dialog leaves capture mode too.
    expect(screen.queryByText(signingMessages.captureHint)).not.toBeInTheDocument();

    // And Escape.
    await userEvent.click(screen.getByRole('button', { name: 'Return' }));
    expect(await screen.findByText(signingMessages.captureHint)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText(signingMessages.captureHint)).not.toBeInTheDocument();
  });

  it('a click (no drag) puts the default box there, as page fractions', async () => {
    const doc = buildPendingDivisionOrder();
    const api = installSigningApi(doc);
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    await screen.findByText(signingMessages.captureHint);
    dragOnPage({ x: 300, y: 400 }, { x: 302, y: 401 });
    const dialog = await screen.findByRole('dialog', { name: 'Sign and return' });
    drawOnPad();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${doc.id}/return`)).toHaveLength(1),
    );
    const { area } = api.find('POST', `/api/documents/${doc.id}/return`)[0]!.body as {
      area: { x: number; y: number; width: number; height: number };
    };
    expect(area.width).toBeCloseTo(300 / 612, 3);
    expect(area.height).toBeCloseTo(200 / 792, 3);
    expect(area.x + area.width / 2).toBeCloseTo(0.5, 3);
    expect(area.y + area.height / 2).toBeCloseTo(0.5, 3);
  });

  it('validates the whole document first', async () => {
    const doc = buildPendingDivisionOrder({
      metadata: buildPendingDivisionOrder().metadata.map((entry) =>
        entry.metadata.key === 'docNumber' ? { ...entry, value: null } : entry,
      ),
    });
    installSigningApi(doc);
    renderApp(`/documents/${doc.id}`);
    expect(draftValues.docNumber).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    expect((await screen.findAllByText(/Invoice Number is required/)).length).toBeGreaterThan(0);
    expect(screen.queryByText(signingMessages.captureHint)).not.toBeInTheDocument();
  });

  it('on a phone says the desktop version is needed', async () => {
    phoneViewport();
    const doc = buildPendingDivisionOrder();
    installSigningApi(doc);
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desktop version needed' });
    expect(dialog).toHaveTextContent(signingMessages.desktopNeeded);
    expect(screen.queryByText(signingMessages.captureHint)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is disabled for a Global user (spec 1 §6)', async () => {
    const doc = buildPendingDivisionOrder({
      availableActions: { ...noDocumentActions, close: true, delete: true },
    });
    installSigningApi(doc, { user: { userType: UserType.Global } });
    renderApp(`/documents/${doc.id}`);
    expect(await screen.findByRole('button', { name: 'Return' })).toBeDisabled();
  });

  it('is not shown on a returned division order', async () => {
    const doc = buildPendingDivisionOrder({
      routeStatusId: RouteStatus.Returned,
      routeStatus: { id: RouteStatus.Returned, name: 'Returned' },
      isReadOnly: true,
      availableActions: { ...noDocumentActions, close: true },
    });
    installSigningApi(doc, { user: { userType: UserType.Global } });
    renderApp(`/documents/${doc.id}`);
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return' })).not.toBeInTheDocument();
  });
});
