import { vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import {
  DocumentTemplate,
  RouteStatus,
  declineReasonText,
  noDocumentActions,
  type DeclineReason,
  type DocumentDto,
  type EsignConsent,
  type SignatureField,
  type UserSignature,
} from '@flowline/shared';
import { apiError } from '../../../../test/fake-api';
import { installSessionApi, type SignedInOptions } from '../../../../test/render-app';
import { buildArInvoice } from '../test/document-fixtures';
import type { FileViewerProps } from '../viewer/file-viewer';
import {
  SignatureCaptureBar,
  SignatureCaptureOverlay,
  defaultSignatureArea,
} from './capture-layer';

/** A US Letter page at 100 % (PDF points). */
export const LETTER = { width: 612, height: 792 } as const;
/** How the fake page is shown (CSS px): every element measures this in the tests. */
export const SHOWN = { width: 600, height: 800 } as const;
export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * The viewer stand-in (pdf.js does not run in jsdom): one page carrying the real capture layer and
 * bar, so a drag goes through the same code as in the browser.
 */
export function FakeViewer({ capture }: FileViewerProps) {
  return (
    <div data-testid="viewer">
      {capture && (
        <SignatureCaptureBar
          onCancel={capture.onCancel}
          hint={capture.hint}
          onPlaceDefault={() => capture.onCaptured(1, defaultSignatureArea(LETTER))}
        />
      )}
      <div style={{ position: 'relative' }}>
        {capture && <SignatureCaptureOverlay page={1} pageSize={LETTER} capture={capture} />}
      </div>
    </div>
  );
}

export function buildPendingDivisionOrder(overrides: Partial<DocumentDto> = {}): DocumentDto {
  return buildArInvoice({
    id: 601,
    documentTypeId: 3,
    documentTypeName: 'Pending Division Order',
    documentTypeTemplateId: DocumentTemplate.PendingDivisionOrder,
    lineItemsEnabled: false,
    side: 'received',
    routeStatusId: RouteStatus.New,
    routeStatus: { id: RouteStatus.New, name: 'New' },
    fileName: 'DO-2026-0312.pdf',
    isSignAndReturnFlow: true,
    isReadOnly: false,
    availableActions: { ...noDocumentActions, close: true, returnSign: true },
    hasPayments: false,
    ...overrides,
  });
}

export const consentText = 'You agree to use electronic records and signatures.';

export interface SigningApiOptions {
  stored?: UserSignature | null;
  consentedAt?: string | null;
  /** What POST /return answers (default: a new signed version 602). */
  returned?: (body: { signed: boolean }) => DocumentDto;
  user?: SignedInOptions['user'];
  handlers?: SignedInOptions['handlers'];
  /** GET …/signatureField's answer (default: none). */
  field?: SignatureField | null;
}

export function installSigningApi(doc: DocumentDto, options: SigningApiOptions = {}) {
  let consent: EsignConsent = {
    version: '2026-11',
    text: consentText,
    consentedAt:
      options.consentedAt === undefined ? '2026-11-01T10:00:00.000Z' : options.consentedAt,
  };
  const returned =
    options.returned ??
    ((body: { signed: boolean }) =>
      buildPendingDivisionOrder({
        id: body.signed ? 602 : doc.id,
        routeStatusId: RouteStatus.Returned,
        routeStatus: { id: RouteStatus.Returned, name: 'Returned' },
        isReadOnly: true,
        availableActions: { ...noDocumentActions, close: true },
        documentSignatures: body.signed
          ? [{ imageAsBase64: PNG, userId: 7, area: '{}', page: 1 }]
          : [],
      }));
  const docs = new Map<number, DocumentDto>([[doc.id, doc]]);
  let returnReason: string | null = null;
  const byId = (path: string) => Number(/\/documents\/(\d+)/.exec(path)?.[1]);
  const documentHandler = (req: { path: string }) =>
    docs.get(byId(req.path)) ?? apiError(404, 'Not found', 'not_found');
  const panels = (id: number) => ({
    [`GET /api/documents/${id}`]: documentHandler,
    [`GET /api/documentAttachments/document/${id}`]: () => [],
    [`GET /api/history/document/${id}`]: () => [],
    [`GET /api/documents/${id}/versions`]: () => [],
    [`GET /api/documents/${id}/signatureField`]: () => ({
      field: id === doc.id ? (options.field ?? null) : null,
    }),
    [`GET /api/history/document/${id}/returnReason`]: () => ({
      reason: returnReason,
      declineReason: null,
    }),
  });
  return installSessionApi({
    user: options.user ?? {},
    handlers: {
      ...panels(doc.id),
      ...panels(602),
      'GET /api/companyorgunit': () => ({ items: [], totalRecords: 0 }),
      'GET /api/usersignatureimage/getSignatureData/7': () =>
        options.stored ?? apiError(404, 'Signature not found', 'not_found'),
      'GET /api/esign/consent': () => consent,
      'POST /api/esign/consent': () => {
        consent = { ...consent, consentedAt: '2026-11-25T10:00:00.000Z' };
        return consent;
      },
      [`POST /api/documents/${doc.id}/return`]: (req) => {
        const body = req.body as {
          signed: boolean;
          declineReason?: DeclineReason;
          reason?: string | null;
        };
        returnReason = body.declineReason
          ? declineReasonText(body.declineReason, body.reason)
          : null;
        const answer = returned(body);
        docs.set(answer.id, answer);
        return answer;
      },
      ...options.handlers,
    },
  });
}

/** jsdom has no canvas: a context that records what is drawn, and a fixed PNG. */
export function fakeCanvas() {
  const context = {
    clearRect: vi.fn(),
    fillText: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    drawImage: vi.fn(),
    font: '',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    textAlign: 'start',
    textBaseline: 'alphabetic',
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(
    `data:image/png;base64,${PNG}`,
  );
  return context;
}

export function measureElements() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, ...SHOWN }),
  );
}

function captureLayer(page = 1): HTMLElement {
  const layer = document.querySelector<HTMLElement>(`[data-signature-capture="${page}"]`);
  if (!layer) throw new Error('not in capture mode');
  return layer;
}

/** A mouse drag on the page from one point to another (CSS px of the page as shown). */
export function dragOnPage(from: { x: number; y: number }, to: { x: number; y: number }) {
  const layer = captureLayer();
  fireEvent.pointerDown(layer, { clientX: from.x, clientY: from.y, button: 0, pointerId: 1 });
  fireEvent.pointerMove(layer, { clientX: to.x, clientY: to.y, pointerId: 1 });
  fireEvent.pointerUp(layer, { clientX: to.x, clientY: to.y, pointerId: 1 });
}

/** A stroke on the signature pad. */
export function drawOnPad() {
  const pad = screen.getByRole('img', { name: /Signature drawing pad/ });
  fireEvent.pointerDown(pad, { clientX: 20, clientY: 40, pointerId: 2 });
  fireEvent.pointerMove(pad, { clientX: 80, clientY: 60, pointerId: 2 });
  fireEvent.pointerMove(pad, { clientX: 140, clientY: 30, pointerId: 2 });
  fireEvent.pointerUp(pad, { clientX: 140, clientY: 30, pointerId: 2 });
}

/** MUI's down('md') asks max-width: 899.95px: a phone matches it. */
export function phoneViewport() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: /max-width:\s*(899|599)/.test(query),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}
