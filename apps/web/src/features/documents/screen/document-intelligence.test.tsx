import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  READING_DOCUMENT_MESSAGE,
  readingLimitMessages,
  type DocumentDto,
  type DocumentExtraction,
  type OcrBlock,
} from '@flowline/shared';
import { installSessionApi, renderApp, type SignedInOptions } from '../../../test/render-app';
import { READING_FAILED_MESSAGE } from './extraction/reading-status';
import { AUTO_FILLED_NOTE } from './metadata/fields/field-frame';
import { buildArInvoice, draftValues } from './test/document-fixtures';

// A whole screen with MUI pickers renders slowly on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

// pdf.js needs a real browser: PDFs are the browser journey's. Images (the scanned invoice here)
// go through the real viewer and its OCR layer.
vi.mock('./viewer/pdf-pages', () => ({ PdfPages: () => <div data-testid="pdf" /> }));
// Loaded at once rather than through React.lazy.
vi.mock('./viewer/lazy-viewer', async () => {
  const { default: FileViewer } = await import('./viewer/file-viewer');
  return { LazyFileViewer: FileViewer };
});

const extraction = (over: Partial<DocumentExtraction>): DocumentExtraction => ({
  status: 'done',
  pagesRead: 1,
  pageCount: 1,
  error: null,
  updatedAt: '2026-11-02T15:00:00.000Z',
  ...over,
});

const scan = (
  over: Partial<DocumentDto> = {},
  values: Record<string, string | null> = draftValues,
) => buildArInvoice({ fileName: 'scan.png', contentType: 'image/png', ...over }, values);

/** Entries of `doc` with these keys marked as proposed by auto-extraction. */
function autoExtracted(doc: DocumentDto, keys: string[]): DocumentDto {
  return {
    ...doc,
    metadata: doc.metadata.map((e) =>
      keys.includes(e.metadata.key) ? { ...e, autoExtracted: true } : e,
    ),
  };
}

const word = (Text: string, X: number, Y: number): OcrBlock => ({
  Text,
  Coordinates: { X, Y, Width: 120, Height: 20 },
  Confidence: 0.95,
});

function installScreenApi(current: () => DocumentDto, handlers: SignedInOptions['handlers'] = {}) {
  return installSessionApi({
    handlers: {
      'GET /api/documents/501': () => current(),
      'GET /api/documents/501/file/1': () =>
        new Response('png', {
          headers: { 'Content-Type': 'image/png' },
        }),
      'GET /api/DocumentOcr/501/page/1': () => ({
        documentPage: 1,
        width: 1000,
        height: 1400,
        ocrJson: JSON.stringify([
          word('Total:', 100, 500),
          word('$1,250.00', 240, 500),
          word('Date:', 100, 300),
          word('20/11/2026', 240, 300),
        ]),
        source: 'ocr',
      }),
      'GET /api/users/current/personalization': () => ({
        dateFormat: 'dd/MM/yyyy',
        receiveEmails: true,
      }),
      'GET /api/documentAttachments/document/501': () => [],
      'GET /api/companyorgunit': () => ({ items: [], totalRecords: 0 }),
      ...handlers,
    },
  });
}

const field = (name: string) => screen.findByRole('textbox', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1200, height: 800 }),
  );
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(1400);
  URL.createObjectURL = vi.fn(() => 'blob:scan');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("'Reading the document…'", () => {
  it('shows progress while reading, then the values read, keeping what the user typed', async () => {
    const reading = scan(
      { extraction: extraction({ status: 'running', pagesRead: 1, pageCount: 3 }) },
      { ...draftValues, docNumber: null, docTotal: null },
    );
    let current = reading;
    const api = installScreenApi(() => current);
    renderApp('/documents/501');

    const progress = await screen.findByRole('progressbar', { name: READING_DOCUMENT_MESSAGE });
    expect(progress).toHaveAttribute('aria-valuenow', '33');
    expect(progress.closest('[role="status"]')).toHaveTextContent(
      `${READING_DOCUMENT_MESSAGE} (page 2 of 3)`,
    );

    // The user starts typing before the reading is over.
    await userEvent.type(await field('Invoice Number'), 'TYPED-1');

    current = autoExtracted(
      scan(
        { extraction: extraction({}) },
        { ...draftValues, docNumber: 'INV-77', docTotal: '1250.00' },
      ),
      ['docNumber', 'docTotal'],
    );
    // The poll (every 3 s) sees the reading finished: the document is fetched again.
    await waitFor(
      () => expect(screen.queryByText(READING_DOCUMENT_MESSAGE)).not.toBeInTheDocument(),
      {
        timeout: 6000,
      },
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Invoice Total/ })).toHaveValue('1,250.00'),
    );
    expect(screen.getByRole('textbox', { name: /^Invoice Number/ })).toHaveValue('TYPED-1');

    // The poll is the light read: no metadata, no 'viewed' mark.
    const polls = api
      .find('GET', '/api/documents/501')
      .map((r) => new URLSearchParams(r.search))
      .filter((q) => q.get('includeMetadata') === 'false');
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((q) => q.get('setDocAsViewed') === null)).toBe(true);
  });

  it('says nothing once read or skipped, and warns quietly when reading failed', async () => {
    let current = scan({ extraction: extraction({ status: 'skipped' }) });
    installScreenApi(() => current);
    const view = renderApp('/documents/501');
    await field('Invoice Number');
    expect(screen.queryByText(READING_DOCUMENT_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: READING_DOCUMENT_MESSAGE })).toBeNull();
    view.unmount();

    current = scan({ extraction: extraction({ status: 'failed', error: 'unreadable' }) });
    installScreenApi(() => current);
    renderApp('/documents/501');
    const warning = await screen.findByText(READING_FAILED_MESSAGE);
    expect(warning.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorWarning');
    expect(screen.queryByText('unreadable')).not.toBeInTheDocument();
  });

  it('says when only the first pages were read (the page cap)', async () => {
    const notice =
      'Only the first 200 of 5000 pages were read (the limit per document); the later pages are not searchable.';
    installScreenApi(() => scan({ extraction: extraction({ status: 'done', notice }) }));
    renderApp('/documents/501');
    const note = await screen.findByText(notice);
    expect(note.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorInfo');
  });

  it("says how long a reading waits for the company's hourly quota, instead of a progress bar", async () => {
    const notice = readingLimitMessages.hourlyQuota(5200, 5000, 12);
    installScreenApi(() => scan({ extraction: extraction({ status: 'pending', notice }) }));
    renderApp('/documents/501');
    const note = await screen.findByText(
      "Reading waits: 5,200 pages of your company's documents were read in the past hour (the limit is 5,000 an hour). This document will be read in about 12 minutes.",
    );
    expect(note.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorInfo');
    expect(screen.queryByRole('progressbar', { name: READING_DOCUMENT_MESSAGE })).toBeNull();
  });
});

describe('click-to-fill on a scanned page (OCR words)', () => {
  async function openScan() {
    installScreenApi(() => scan({}, { ...draftValues, docTotal: null, docInvoiceDate: null }));
    renderApp('/documents/501');
    const image = await screen.findByRole('img', { name: 'scan.png' }, { timeout: 10_000 });
    fireEvent.load(image);
    const layer = await waitFor(() => {
      const found = document.querySelector('[data-ocr-layer]');
      if (!found) throw new Error('no OCR layer yet');
      return found as HTMLElement;
    });
    await within(layer).findByText('$1,250.00');
    return layer;
  }

  it('lays the words over the image, scaled to the page, readable and never focusable', async () => {
    const layer = await openScan();
    const total = within(layer).getByText('$1,250.00');
    expect(total.style.left).toBe('240px');
    expect(total.style.top).toBe('500px');
    expect(total.style.width).toBe('120px');
    expect(layer.querySelectorAll('[tabindex]')).toHaveLength(0);

    // Zoom in (1.5 → 1.75): the words follow the image.
    await userEvent.click(screen.getByRole('button', { name: /Zoom in/i }));
    expect(within(layer).getByText('$1,250.00').style.left).toBe(`${240 * (1.75 / 1.5)}px`);
  });

  it('clicking a word fills the focused number field, converted; the page is highlighted 1.5 s', async () => {
    const layer = await openScan();
    await userEvent.click(await field('Invoice Total'));
    await userEvent.click(within(layer).getByText('$1,250.00'));
    // Read the highlight first: finding the field again can take longer than 1.5 s under load.
    const page = layer.closest('[data-viewer-page]');
    expect(page).toHaveAttribute('data-click-filled');
    expect(await field('Invoice Total')).toHaveValue('1,250.00');
    await waitFor(() => expect(page).not.toHaveAttribute('data-click-filled'), { timeout: 3000 });
  });

  it("selecting words fills the focused date field, read in the user's format", async () => {
    const layer = await openScan();
    const date = await field('Invoice Date');
    await userEvent.click(date);
    const text = within(layer).getByText('20/11/2026').firstChild!;
    const range = document.createRange();
    range.selectNodeContents(text);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    fireEvent.mouseUp(text.parentElement!);
    expect(date).toHaveValue('20/11/2026');
    expect(selection.toString()).toBe('');
  });
});

describe('auto-extracted values', () => {
  it('are highlighted when they appear, then marked Auto-filled until the user edits them', async () => {
    installScreenApi(() => autoExtracted(scan(), ['docNumber']));
    renderApp('/documents/501');
    const number = await field('Invoice Number');
    const frame = number.closest('[data-auto-filled]');
    expect(frame).toHaveAttribute('data-auto-filled', 'highlight');
    await waitFor(() => expect(frame).toHaveAttribute('data-auto-filled', 'marked'), {
      timeout: 3000,
    });
    expect(within(frame as HTMLElement).getByText(AUTO_FILLED_NOTE)).toBeVisible();
    // A value the user gave is not marked.
    expect((await field('Invoice Total')).closest('[data-auto-filled]')).toBeNull();

    await userEvent.type(number, 'X');
    expect(number.closest('[data-auto-filled]')).toBeNull();
    expect(screen.queryByText(AUTO_FILLED_NOTE)).not.toBeInTheDocument();
  });
});

describe('proposed values the reading did not fill (issue 34)', () => {
  const proposals = [
    { key: 'docNumber', value: 'INV-7731', confidence: 0.62 },
    { key: 'docTotal', value: '56240.37', confidence: 0.55 },
    { key: 'docInvoiceDate', value: '2026-11-04', confidence: 0.4 },
    // A field that has a value is offered nothing.
    { key: 'docServiceDate', value: '2026-10-01', confidence: 0.5 },
  ];
  const withProposals = (over: Partial<DocumentDto> = {}) =>
    scan(
      { extraction: extraction({ proposals }), ...over },
      { ...draftValues, docNumber: null, docTotal: null, docInvoiceDate: null },
    );

  it("offers each beside its field with how sure it is; 'Use' fills the field, Save sends it", async () => {
    const api = installScreenApi(() => withProposals(), {
      'PUT /api/documents/501/metadata': () => withProposals(),
    });
    renderApp('/documents/501');
    const number = await field('Invoice Number');
    expect(number).toHaveValue('');
    const offer = await screen.findByTestId('proposal-docNumber');
    expect(offer).toHaveTextContent('Proposed: INV-7731 (62 % sure)');
    expect(screen.getByTestId('proposal-docTotal')).toHaveTextContent('56,240.37');
    expect(screen.getByTestId('proposal-docInvoiceDate')).toHaveTextContent('04/11/2026');
    expect(screen.queryByTestId('proposal-docServiceDate')).toBeNull();

    // Keyboard: the 'Use' button is reachable and named after the value and the field.
    const use = within(offer).getByRole('button', { name: 'Use INV-7731 for Invoice Number' });
    use.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(number).toHaveValue('INV-7731'));
    expect(screen.queryByTestId('proposal-docNumber')).toBeNull();
    expect(number).toHaveFocus();
    // One value left to offer per field still empty.
    expect(screen.getByRole('button', { name: 'Use all 2 proposed values' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PUT', '/api/documents/501/metadata')).toHaveLength(1));
    const body = api.find('PUT', '/api/documents/501/metadata')[0]!.body as {
      metadata: { metadataDefinitionId: number; value: string | null }[];
    };
    expect(body.metadata.map((m) => m.value)).toEqual(['INV-7731']);
  });

  it("'Use all' fills every offered field at once", async () => {
    installScreenApi(() => withProposals());
    renderApp('/documents/501');
    await userEvent.click(await screen.findByRole('button', { name: 'Use all 3 proposed values' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Invoice Number/ })).toHaveValue('INV-7731'),
    );
    expect(screen.getByRole('textbox', { name: /^Invoice Total/ })).toHaveValue('56,240.37');
    expect(screen.getByRole('textbox', { name: /^Invoice Date/ })).toHaveValue('04/11/2026');
    expect(screen.queryByTestId(/^proposal-/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Use all/ })).toBeNull();
  });

  it('offers nothing when the document cannot be edited or a value was typed', async () => {
    installScreenApi(() =>
      withProposals({ availableActions: { ...withProposals().availableActions, edit: false } }),
    );
    const view = renderApp('/documents/501');
    await field('Invoice Number');
    expect(screen.queryByTestId(/^proposal-/)).toBeNull();
    view.unmount();

    installScreenApi(() => withProposals());
    renderApp('/documents/501');
    await screen.findByTestId('proposal-docNumber');
    await userEvent.type(await field('Invoice Number'), 'X');
    await waitFor(() => expect(screen.queryByTestId('proposal-docNumber')).toBeNull());
  });
});
