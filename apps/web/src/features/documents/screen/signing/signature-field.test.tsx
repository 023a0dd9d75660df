// Issue 31 item 1: the owner sees the division order's signature field highlighted and signs with
// one click on it (dragging elsewhere still works); the operator draws the field before sending.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RouteStatus,
  noDocumentActions,
  signatureFieldMessages,
  type ReturnDocumentInput,
  type SignatureField,
} from '@flowline/shared';
import { renderApp } from '../../../../test/render-app';
import {
  buildPendingDivisionOrder,
  drawOnPad,
  dragOnPage,
  fakeCanvas,
  installSigningApi,
  measureElements,
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

const found: SignatureField = {
  page: 1,
  area: { x: 0.0817, y: 0.7412, width: 0.3951, height: 0.0537 },
  source: 'automatic',
  label: 'Signature of owner',
};

async function startReturn(doc = buildPendingDivisionOrder()) {
  await userEvent.click(await screen.findByRole('button', { name: 'Return' }, { timeout: 10_000 }));
  return doc;
}

describe("the owner's signature field", () => {
  it('is highlighted in capture mode; one click on it signs there', async () => {
    const doc = buildPendingDivisionOrder();
    const api = installSigningApi(doc, { field: found });
    renderApp(`/documents/${doc.id}`);
    await startReturn(doc);
    expect(
      await screen.findByText(signatureFieldMessages.captureHintWithField),
    ).toBeInTheDocument();

    const target = await screen.findByRole('button', {
      name: signatureFieldMessages.signHereLabel(1),
    });
    expect(target).toHaveTextContent(signatureFieldMessages.signHere);
    await userEvent.click(target);

    const dialog = await screen.findByRole('dialog', { name: 'Sign and return' });
    drawOnPad();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${doc.id}/return`)).toHaveLength(1),
    );
    const body = api.find('POST', `/api/documents/${doc.id}/return`)[0]!
      .body as ReturnDocumentInput;
    expect(body).toMatchObject({ signed: true, page: 1, area: found.area });
  });

  it('is reached from the keyboard (Enter on the field)', async () => {
    const doc = buildPendingDivisionOrder();
    installSigningApi(doc, { field: found });
    renderApp(`/documents/${doc.id}`);
    await startReturn(doc);
    const target = await screen.findByRole('button', {
      name: signatureFieldMessages.signHereLabel(1),
    });
    target.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Sign and return' })).toBeInTheDocument();
  });

  it('still lets the owner drag the signature elsewhere', async () => {
    const doc = buildPendingDivisionOrder();
    const api = installSigningApi(doc, { field: found });
    renderApp(`/documents/${doc.id}`);
    await startReturn(doc);
    await screen.findByRole('button', { name: signatureFieldMessages.signHereLabel(1) });
    dragOnPage({ x: 120, y: 160 }, { x: 420, y: 360 });
    const dialog = await screen.findByRole('dialog', { name: 'Sign and return' });
    drawOnPad();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${doc.id}/return`)).toHaveLength(1),
    );
    const body = api.find('POST', `/api/documents/${doc.id}/return`)[0]!
      .body as ReturnDocumentInput;
    expect(body).toMatchObject({ area: { x: 0.2, y: 0.2, width: 0.5, height: 0.25 } });
  });

  it('shows no field when none is known (the drag hint as before)', async () => {
    const doc = buildPendingDivisionOrder();
    installSigningApi(doc);
    renderApp(`/documents/${doc.id}`);
    await startReturn(doc);
    expect(await screen.findByText(/Click and drag on the document/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign here/ })).not.toBeInTheDocument();
  });
});

describe("the operator's 'Place signature field'", () => {
  const sent = () =>
    buildPendingDivisionOrder({
      side: 'sent',
      routeStatusId: RouteStatus.Sent,
      routeStatus: { id: RouteStatus.Sent, name: 'Sent' },
      isSignAndReturnFlow: false,
      availableActions: { ...noDocumentActions, close: true },
    });

  it('draws a box on the page and saves it with the document', async () => {
    const doc = sent();
    let saved: unknown = null;
    const api = installSigningApi(doc, {
      field: found,
      handlers: {
        [`PUT /api/documents/${doc.id}/signatureField`]: (req) => {
          saved = req.body;
          return { field: { ...(req.body as object), source: 'operator', label: null } };
        },
      },
    });
    renderApp(`/documents/${doc.id}`);
    expect(
      await screen.findByText(/Signature field: page 1 · Found from the document/, undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: signatureFieldMessages.placeMode }));
    expect(await screen.findByText(signatureFieldMessages.placeHint)).toBeInTheDocument();
    // The current field is outlined, not a button.
    expect(screen.queryByRole('button', { name: /Sign here/ })).not.toBeInTheDocument();
    expect(document.querySelector('[data-signature-field="1"]')).not.toBeNull();

    dragOnPage({ x: 60, y: 600 }, { x: 360, y: 680 });
    expect(await screen.findByText(signatureFieldMessages.saved)).toBeInTheDocument();
    expect(saved).toEqual({ page: 1, area: { x: 0.1, y: 0.75, width: 0.5, height: 0.1 } });
    expect(await screen.findByText(/Placed by the operator/)).toBeInTheDocument();
    expect(screen.queryByText(signatureFieldMessages.placeHint)).not.toBeInTheDocument();
    expect(api.find('PUT', `/api/documents/${doc.id}/signatureField`)).toHaveLength(1);
  });

  it('is not offered to the owner', async () => {
    const doc = buildPendingDivisionOrder();
    installSigningApi(doc, { field: found });
    renderApp(`/documents/${doc.id}`);
    await screen.findByRole('button', { name: 'Return' }, { timeout: 10_000 });
    expect(
      screen.queryByRole('button', { name: signatureFieldMessages.placeMode }),
    ).not.toBeInTheDocument();
  });
});
