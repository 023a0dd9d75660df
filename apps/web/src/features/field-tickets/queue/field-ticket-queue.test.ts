import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../../lib/api-client';
import { apiError, installFakeApi, json, type RecordedRequest } from '../../../test/fake-api';
import {
  createFieldTicket,
  signOffFieldTicket,
  updateFieldTicket,
  type CreateFieldTicketBody,
  type SignoffBody,
  type UpdateFieldTicketBody,
} from '../api';
import { newClientId } from '../client-id';
import { ticketAnswer } from '../test-fixtures';
import {
  FieldTicketQueue,
  SIGN_IN_MESSAGE,
  editMessages,
  retryDelayMs,
} from './field-ticket-queue';
import { memoryQueueStore } from './queue-store';

const COMPANY = 7;
const USER = 3;

/**
 * The server as the contract describes it, behind the fake fetch: a create answers 201 the first
 * time a clientId is seen and 200 with the same ticket after; a signoff likewise.
 */
function fakeServer(options: { failCreates?: number; loseCreateAnswers?: number } = {}) {
  const tickets = new Map<string, { documentId: number; body: CreateFieldTicketBody }>();
  const signoffs = new Map<number, SignoffBody>();
  let nextId = 100;
  let failCreates = options.failCreates ?? 0;
  let loseAnswers = options.loseCreateAnswers ?? 0;
  const ticketJson = (documentId: number, body: CreateFieldTicketBody) =>
    ticketAnswer(documentId, body);
  const api = installFakeApi({
    'POST /api/field-tickets': (req: RecordedRequest) => {
      if (failCreates > 0) {
        failCreates -= 1;
        return apiError(503, 'The server is busy', 'unavailable');
      }
      const body = req.body as CreateFieldTicketBody;
      const known = tickets.get(body.clientId);
      if (known) return json(ticketJson(known.documentId, known.body), 200);
      const documentId = nextId++;
      tickets.set(body.clientId, { documentId, body });
      if (loseAnswers > 0) {
        // Created, but the answer never reaches the phone (the network dropped on the way back).
        loseAnswers -= 1;
        throw new TypeError('Failed to fetch');
      }
      return json(ticketJson(documentId, body), 201);
    },
    ...Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [
        `PATCH /api/field-tickets/${100 + i}`,
        (req: RecordedRequest) => {
          const documentId = 100 + i;
          const entry = [...tickets.entries()].find(([, t]) => t.documentId === documentId);
          if (!entry) return apiError(404, 'Not found', 'not_found');
          if (signoffs.has(documentId))
            return apiError(409, 'Not a draft', 'field_ticket_not_draft');
          const [clientId, known] = entry;
          known.body = { ...(req.body as UpdateFieldTicketBody), clientId };
          return json(ticketJson(documentId, known.body), 200);
        },
      ]),
    ),
    ...Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [
        `POST /api/field-tickets/${100 + i}/signoff`,
        (req: RecordedRequest) => {
          const documentId = 100 + i;
          const body = req.body as SignoffBody;
          const known = signoffs.get(documentId);
          if (known && known.clientId !== body.clientId) {
            return apiError(409, 'This ticket is already signed', 'conflict');
          }
          signoffs.set(documentId, body);
          const ticket = [...tickets.values()].find((t) => t.documentId === documentId)!;
          return json(ticketJson(documentId, ticket.body), known ? 200 : 201);
        },
      ]),
    ),
  });
  return { api, tickets, signoffs };
}

function ticketBody(clientId: string, number: string): CreateFieldTicketBody {
  return {
    clientId,
    partyId: 11,
    fields: { docNumber: number, docServiceDate: '2026-11-20', docWellName: 'Smith 1H' },
    lines: [{ description: 'Vacuum truck', quantity: '4', unitPrice: '95.00', amount: '380.00' }],
  };
}

const signoff = (): SignoffBody => ({
  clientId: newClientId(),
  signerName: 'Dale Foreman',
  signedAt: '2026-11-20T15:00:00.000Z',
  signature: 'data:image/png;base64,iVBORw0KGgo=',
});

function makeQueue(online: { value: boolean }, session = () => Promise.resolve(true)) {
  const store = memoryQueueStore();
  const timers: { run: () => void; ms: number }[] = [];
  const queue = new FieldTicketQueue({
    store,
    transport: {
      create: (body, companyId) => createFieldTicket(body, { companyId }),
      update: (id, body, companyId) => updateFieldTicket(id, body, { companyId }),
      signoff: (id, body, companyId) => signOffFieldTicket(id, body, { companyId }),
      ensureSession: session,
    },
    isOnline: () => online.value,
    schedule: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  });
  queue.setUser(USER);
  return { queue, store, timers };
}

async function writeAndSign(queue: FieldTicketQueue, number: string) {
  const clientId = newClientId();
  await queue.save({
    clientId,
    companyId: COMPANY,
    userId: USER,
    operatorName: 'Red Mesa Operating Co.',
    ticket: ticketBody(clientId, number),
  });
  await queue.addSignoff(clientId, signoff());
  return clientId;
}

beforeEach(() => configureApiAuth(null));
afterEach(() => vi.unstubAllGlobals());

describe('the field tickets offline queue', () => {
  it('keeps a ticket written offline on the phone as Waiting to send, and sends nothing', async () => {
    const server = fakeServer();
    const online = { value: false };
    const { queue, store } = makeQueue(online);
    const clientId = await writeAndSign(queue, 'FT-1');
    await queue.flush();

    expect(server.api.requests).toHaveLength(0);
    const kept = store.items.get(clientId)!;
    expect(kept.state).toBe('waiting');
    expect(kept.signoff?.signerName).toBe('Dale Foreman');
    expect(queue.pendingCount()).toBe(1);
  });

  it('sends it once when the network is back: the create, then the signoff, same clientIds', async () => {
    const server = fakeServer();
    const online = { value: false };
    const { queue } = makeQueue(online);
    const clientId = await writeAndSign(queue, 'FT-2');
    await queue.flush();

    online.value = true;
    await queue.sendNow();
    // A second 'online' event (or the app start) finds nothing left to send.
    await queue.sendNow();

    const paths = server.api.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(['POST /api/field-tickets', 'POST /api/field-tickets/100/signoff']);
    expect((server.api.requests[0]!.body as CreateFieldTicketBody).clientId).toBe(clientId);
    expect(server.api.requests[0]!.headers.get('Company-Id')).toBe(String(COMPANY));
    expect(server.tickets.size).toBe(1);
    expect(server.signoffs.size).toBe(1);
    expect(queue.get(clientId)).toMatchObject({ state: 'sent', documentId: 100, signed: true });
    expect(queue.pendingCount()).toBe(0);
  });

  it('retries a create whose answer was lost with the same clientId: the server keeps one ticket', async () => {
    const server = fakeServer({ loseCreateAnswers: 1 });
    const online = { value: true };
    const { queue, timers } = makeQueue(online);
    const clientId = await writeAndSign(queue, 'FT-3');
    await queue.flush();

    // The answer was lost: the phone still waits, with a backoff armed.
    expect(queue.get(clientId)).toMatchObject({ state: 'waiting', documentId: null, attempts: 1 });
    // Armed for the backoff's end (a millisecond or two may have passed since it was set).
    expect(timers.at(-1)?.ms).toBeLessThanOrEqual(retryDelayMs(1));
    expect(timers.at(-1)?.ms).toBeGreaterThan(retryDelayMs(1) - 500);

    await queue.sendNow();
    const creates = server.api.find('POST', '/api/field-tickets');
    expect(creates).toHaveLength(2);
    expect(new Set(creates.map((r) => (r.body as CreateFieldTicketBody).clientId))).toEqual(
      new Set([clientId]),
    );
    expect(server.tickets.size).toBe(1);
    expect(server.signoffs.size).toBe(1);
    expect(queue.get(clientId)).toMatchObject({ state: 'sent', documentId: 100 });
  });

  it('tries again by itself after a server fault, on the backoff', async () => {
    const server = fakeServer({ failCreates: 2 });
    const online = { value: true };
    const { queue, timers } = makeQueue(online);
    const clientId = await writeAndSign(queue, 'FT-4');
    await queue.flush();
    expect(queue.get(clientId)).toMatchObject({
      state: 'waiting',
      error: 'The server is busy',
      attempts: 1,
    });

    // The scheduled tries run when due (the test's clock is the real one; the backoff is lifted).
    for (let i = 0; i < 2; i++) {
      const timer = timers.at(-1)!;
      await queue.sendNow();
      expect(timer.ms).toBeGreaterThanOrEqual(0);
    }
    expect(server.tickets.size).toBe(1);
    expect(queue.get(clientId)?.state).toBe('sent');
    expect(retryDelayMs(1)).toBe(2000);
    expect(retryDelayMs(2)).toBe(4000);
    expect(retryDelayMs(20)).toBe(300_000);
  });

  it('sends 20 tickets queued offline in one go, each exactly once and in order', async () => {
    const server = fakeServer();
    const online = { value: false };
    const { queue } = makeQueue(online);
    const ids: string[] = [];
    for (let i = 1; i <= 20; i++) ids.push(await writeAndSign(queue, `FT-B${i}`));
    expect(queue.pendingCount()).toBe(20);

    online.value = true;
    // The 'online' event, the app start and a Retry arriving together.
    await Promise.all([queue.sendNow(), queue.sendNow(), queue.flush()]);

    const creates = server.api.find('POST', '/api/field-tickets');
    expect(creates).toHaveLength(20);
    expect(creates.map((r) => (r.body as CreateFieldTicketBody).clientId)).toEqual(ids);
    const signs = server.api.requests.filter((r) => r.path.endsWith('/signoff'));
    expect(signs).toHaveLength(20);
    expect(new Set(signs.map((r) => r.path)).size).toBe(20);
    expect(server.tickets.size).toBe(20);
    expect(server.signoffs.size).toBe(20);
    expect(queue.getSnapshot().every((t) => t.state === 'sent')).toBe(true);
  });

  it('keeps the queue and asks for a sign-in when the session cannot be renewed', async () => {
    const server = fakeServer();
    const online = { value: true };
    const { queue, store } = makeQueue(online, () => Promise.resolve(false));
    const clientId = await writeAndSign(queue, 'FT-5');
    await queue.flush();

    expect(server.api.requests).toHaveLength(0);
    expect(store.items.get(clientId)).toMatchObject({ state: 'signin', error: SIGN_IN_MESSAGE });
  });

  it('keeps the queue when the server answers 401 after the renewal', async () => {
    const api = installFakeApi({
      'POST /api/field-tickets': () => apiError(401, 'Unauthorized', 'unauthorized'),
    });
    const online = { value: false };
    const { queue } = makeQueue(online);
    const a = await writeAndSign(queue, 'FT-6');
    const b = await writeAndSign(queue, 'FT-7');
    online.value = true;
    await queue.sendNow();
    // The first refusal stops the round: the second ticket is not tried with a dead session.
    expect(api.requests).toHaveLength(1);
    expect(queue.get(a)?.state).toBe('signin');
    expect(queue.get(b)?.state).toBe('signin');
  });

  it('shows a refusal with Retry and goes on with the next ticket', async () => {
    let refuse = true;
    const server = fakeServer();
    const created = new Map<string, number>();
    const api = installFakeApi({
      'POST /api/field-tickets': (req) => {
        const body = req.body as CreateFieldTicketBody;
        if (body.fields.docNumber === 'FT-BAD' && refuse) {
          return apiError(400, 'The service date is in the future', 'invalid_request');
        }
        const id = created.get(body.clientId) ?? 200 + created.size;
        created.set(body.clientId, id);
        return json(ticketAnswer(id, body), 201);
      },
      'POST /api/field-tickets/200/signoff': () => json(ticketAnswer(200)),
      'POST /api/field-tickets/201/signoff': () => json(ticketAnswer(201)),
    });
    expect(server.tickets.size).toBe(0);
    const online = { value: true };
    const { queue } = makeQueue(online);
    const bad = await writeAndSign(queue, 'FT-BAD');
    const good = await writeAndSign(queue, 'FT-GOOD');
    await queue.flush();
    expect(queue.get(bad)).toMatchObject({
      state: 'error',
      error: 'The service date is in the future',
    });
    expect(queue.get(good)?.state).toBe('sent');

    refuse = false;
    await queue.retry(bad);
    expect(queue.get(bad)?.state).toBe('sent');
    expect(api.find('POST', '/api/field-tickets')).toHaveLength(3);
  });

  it('sends a ticket saved without a signoff as a draft, and its signoff later', async () => {
    const server = fakeServer();
    const online = { value: true };
    const { queue } = makeQueue(online);
    const clientId = newClientId();
    await queue.save({
      clientId,
      companyId: COMPANY,
      userId: USER,
      operatorName: 'Red Mesa',
      ticket: ticketBody(clientId, 'FT-8'),
    });
    await queue.flush();
    expect(queue.get(clientId)).toMatchObject({ state: 'draft', documentId: 100 });
    expect(queue.pendingCount()).toBe(0);

    await queue.addSignoff(clientId, signoff());
    await queue.flush();
    expect(queue.get(clientId)?.state).toBe('sent');
    expect(server.api.find('POST', '/api/field-tickets')).toHaveLength(1);
    expect(server.signoffs.size).toBe(1);
  });

  it('leaves another user’s tickets on a shared phone alone', async () => {
    const server = fakeServer();
    const online = { value: true };
    const { queue } = makeQueue(online);
    const clientId = newClientId();
    await queue.save({
      clientId,
      companyId: COMPANY,
      userId: 99,
      operatorName: 'Red Mesa',
      ticket: ticketBody(clientId, 'FT-9'),
    });
    await queue.flush();
    expect(server.api.requests).toHaveLength(0);
    expect(queue.get(clientId)?.state).toBe('waiting');
  });

  it('reads the tickets kept by an earlier visit: one caught mid-send waits again', async () => {
    const server = fakeServer();
    const store = memoryQueueStore();
    const clientId = newClientId();
    await store.put({
      clientId,
      companyId: COMPANY,
      userId: USER,
      savedAt: new Date().toISOString(),
      ticket: ticketBody(clientId, 'FT-10'),
      operatorName: 'Red Mesa',
      signoff: signoff(),
      documentId: null,
      signed: false,
      state: 'sending',
      error: null,
      attempts: 0,
      nextAttemptAt: null,
    });
    const queue = new FieldTicketQueue({
      store,
      transport: {
        create: (body, companyId) => createFieldTicket(body, { companyId }),
        update: (id, body, companyId) => updateFieldTicket(id, body, { companyId }),
        signoff: (id, body, companyId) => signOffFieldTicket(id, body, { companyId }),
        ensureSession: () => Promise.resolve(true),
      },
      isOnline: () => true,
    });
    queue.setUser(USER);
    await queue.load();
    expect(queue.get(clientId)?.state).toBe('waiting');
    await queue.sendNow();
    expect(queue.get(clientId)?.state).toBe('sent');
    expect(server.tickets.size).toBe(1);
  });

  describe('editing a ticket still waiting on the phone', () => {
    const edited = (clientId: string, number: string): CreateFieldTicketBody => ({
      ...ticketBody(clientId, number),
      lines: [
        { description: 'Vacuum truck', quantity: '6', unitPrice: '95.00', amount: '570.00' },
        { description: 'Hot oiler', quantity: '2', unitPrice: '150.00', amount: '300.00' },
      ],
    });

    it('offline: the edit replaces the waiting version, the signature is taken again, and only the edited ticket is sent, once', async () => {
      const server = fakeServer();
      const online = { value: false };
      const { queue, store } = makeQueue(online);
      const clientId = await writeAndSign(queue, 'FT-20');

      const after = await queue.edit(clientId, {
        ticket: edited(clientId, 'FT-20'),
        operatorName: 'Red Mesa Operating Co.',
      });
      expect(after).toMatchObject({ state: 'waiting', signoff: null, documentId: null });
      expect(store.items.get(clientId)!.ticket.lines[0]!.quantity).toBe('6');
      // Not signed any more: nothing goes out even online until the representative signs again.
      await queue.addSignoff(clientId, signoff());

      online.value = true;
      await queue.sendNow();
      await queue.sendNow();
      const paths = server.api.requests.map((r) => `${r.method} ${r.path}`);
      expect(paths).toEqual(['POST /api/field-tickets', 'POST /api/field-tickets/100/signoff']);
      const sent = server.api.requests[0]!.body as CreateFieldTicketBody;
      expect(sent.clientId).toBe(clientId);
      expect(sent.lines.map((l) => l.quantity)).toEqual(['6', '2']);
      expect(server.tickets.size).toBe(1);
      expect(queue.get(clientId)).toMatchObject({ state: 'sent', signed: true });
    });

    it('after a create whose answer was lost, the edited version is sent over the server’s draft before the signoff', async () => {
      const server = fakeServer({ loseCreateAnswers: 1 });
      const online = { value: true };
      const { queue } = makeQueue(online);
      const clientId = await writeAndSign(queue, 'FT-21');
      await queue.flush();
      // The server holds the first version; the phone does not know it.
      expect(queue.get(clientId)).toMatchObject({ state: 'waiting', documentId: null });
      expect(server.tickets.get(clientId)!.body.lines[0]!.quantity).toBe('4');

      online.value = false;
      await queue.edit(clientId, { ticket: edited(clientId, 'FT-21'), operatorName: 'Red Mesa' });
      await queue.addSignoff(clientId, signoff());
      online.value = true;
      await queue.sendNow();

      const paths = server.api.requests.map((r) => `${r.method} ${r.path}`);
      expect(paths).toEqual([
        'POST /api/field-tickets',
        'POST /api/field-tickets',
        'PATCH /api/field-tickets/100',
        'POST /api/field-tickets/100/signoff',
      ]);
      expect(server.tickets.size).toBe(1);
      expect(server.tickets.get(clientId)!.body.lines.map((l) => l.quantity)).toEqual(['6', '2']);
      expect(queue.get(clientId)).toMatchObject({ state: 'sent', patchPending: false });
    });

    it('is refused while the ticket is being sent and once the server has it', async () => {
      fakeServer();
      const online = { value: true };
      const { queue } = makeQueue(online);
      const clientId = await writeAndSign(queue, 'FT-22');
      // writeAndSign started a flush: the ticket is on its way now.
      expect(queue.get(clientId)?.state).toBe('sending');
      await expect(
        queue.edit(clientId, { ticket: edited(clientId, 'FT-22'), operatorName: 'Red Mesa' }),
      ).rejects.toThrow(editMessages.sending);
      await queue.flush();
      expect(queue.get(clientId)?.state).toBe('sent');
      await expect(
        queue.edit(clientId, { ticket: edited(clientId, 'FT-22'), operatorName: 'Red Mesa' }),
      ).rejects.toThrow(editMessages.reached);
      await expect(
        queue.edit('nope', { ticket: edited(clientId, 'FT-22'), operatorName: 'Red Mesa' }),
      ).rejects.toThrow(editMessages.missing);
    });
  });
});
