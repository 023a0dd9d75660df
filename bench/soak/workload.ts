// What a virtual user of bench/soak.ts does, by the kind of company it works for: lists, search,
// type-ahead, opening a document (and its file), notifications and chat for everyone; the vendor
// uploads and sends AR invoices, the operator approves and pays them and sends division orders,
// the owner returns division orders (half of them signed).
//
// Expected answers (not errors), both races between users of one company who picked the same
// document from a list a moment old: 409 `action_not_allowed` on approve, pay and return (the
// other one moved it first); 404 on opening or returning a division order another owner user
// has just signed (the signed file is a new version that takes over the routes, so the old id is
// no longer the company's — docs/signing.md). Every other non-2xx answer counts as an error.
import { DocumentTypeId, RouteStatus } from '@flowline/shared';
import { ok, type UserHttp } from './http';
import { divisionOrderPdf, invoicePdf, signaturePng, today } from './documents';

export type Kind = 'vendor' | 'operator' | 'owner';
const CONFLICT = [409];
const SIGNED_AWAY = [404];

interface Row {
  id: number;
  routeStatusId: number | null;
}
interface Party {
  id: number;
  partyTypeName: string;
  connectedCompanyId: number | null;
  connectedCompanyName: string | null;
}
interface Definition {
  id: number;
  key: string;
}

const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];
const searchTerms = ['invoice', 'Red Mesa', 'Permian', 'Hawthorne', 'division', 'Midland', 'soak'];
const typed = ['Red', 'Perm', 'Haw', 'PBS', 'SOAK', 'Roya'];

export class Workload {
  private defs = new Map<number, Map<string, number>>();
  private parties: Party[] = [];
  private sent = 0;

  constructor(
    private readonly http: UserHttp,
    readonly kind: Kind,
    private readonly tag: string,
  ) {}

  /** What the SPA loads after sign-in (session, flags, the Send dialog's connections). */
  async start() {
    const me = ok<{ companies: Array<{ id: number }> }>(
      await this.http.call('GET /api/users/current', 'GET', '/api/users/current'),
    );
    this.http.companyId = me?.companies[0]?.id ?? 0;
    if (!this.http.companyId) throw new Error('no company');
    await this.http.call('GET /api/featureflags', 'GET', '/api/featureflags');
    const parties = ok<{ items: Party[] }>(
      await this.http.call('GET /api/party/grid/search', 'GET', '/api/party/grid/search?page=1'),
    );
    this.parties = parties?.items ?? [];
    for (const type of [DocumentTypeId.ArInvoice, DocumentTypeId.PendingDivisionOrder]) {
      const t = ok<{ metadataDefinitions: Definition[] }>(
        await this.http.call('GET /api/documentType/{id}', 'GET', `/api/documentType/${type}`),
      );
      this.defs.set(type, new Map(t?.metadataDefinitions.map((d) => [d.key, d.id]) ?? []));
    }
  }

  /** One action, chosen by weight for this kind of company. */
  async step() {
    const actions: Array<[number, () => Promise<unknown>]> = [
      [25, () => this.list()],
      [10, () => this.search()],
      [10, () => this.typeahead()],
      [15, () => this.open()],
      [10, () => this.notifications()],
      [8, () => this.chat()],
    ];
    if (this.kind === 'vendor') actions.push([12, () => this.sendInvoice()]);
    if (this.kind === 'operator')
      actions.push([12, () => this.approveAndPay()], [5, () => this.sendDivisionOrder()]);
    if (this.kind === 'owner') actions.push([12, () => this.returnDivisionOrder()]);
    let roll = Math.random() * actions.reduce((sum, [w]) => sum + w, 0);
    for (const [weight, action] of actions) {
      roll -= weight;
      if (roll <= 0) return action();
    }
  }

  private listPath(type: number, status?: number) {
    const filter = status ? `&documentRouteStatusId=${status}` : '';
    return `/api/documentroute/all/${type}?page=1&pageSize=25${filter}`;
  }

  private async rows(type: number, status?: number): Promise<Row[]> {
    const res = await this.http.call(
      'GET /api/documentroute/all/{type}',
      'GET',
      this.listPath(type, status),
    );
    return ok<{ rows: Row[] }>(res)?.rows ?? [];
  }

  private ownType() {
    return this.kind === 'vendor' ? DocumentTypeId.ArInvoice : DocumentTypeId.PendingDivisionOrder;
  }

  async list() {
    const roll = Math.random();
    if (roll < 0.5) {
      const type = this.kind === 'operator' ? pick([93, 94, 89]) : this.ownType();
      const statuses = type === 93 ? [undefined, 1, 2, 3, 4, 10] : [undefined, 7, 9];
      return this.rows(type!, pick(statuses));
    }
    if (roll < 0.7)
      return this.http.call(
        'GET /api/documentroute/inbox',
        'GET',
        '/api/documentroute/inbox?page=1&pageSize=10',
      );
    if (roll < 0.85)
      return this.http.call(
        'GET /api/documentroute/sent',
        'GET',
        '/api/documentroute/sent?page=1&pageSize=25',
      );
    return this.http.call(
      'GET /api/documentstatus/counts',
      'GET',
      `/api/documentstatus/counts?documentTypeId=${this.ownType()}`,
    );
  }

  async search() {
    await this.http.call('POST /api/search', 'POST', '/api/search', {
      json: { querySearchTerm: pick(searchTerms), page: 1, pageSize: 25 },
    });
  }

  /** Typing a word in the top bar: one request per letter from the second. */
  async typeahead() {
    const word = pick(typed)!;
    for (let n = 2; n <= word.length; n++) {
      const q = encodeURIComponent(word.slice(0, n));
      await this.http.call('GET /api/typeahead', 'GET', `/api/typeahead?query=${q}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  /** The document screen: the document, its file, its history. */
  async open(id?: number, type?: number) {
    if (!id) {
      type = pick([93, 94])!;
      id = pick(await this.rows(type))?.id;
    }
    if (!id) return;
    const expect = type === DocumentTypeId.PendingDivisionOrder ? SIGNED_AWAY : [];
    const doc = await this.http.call(
      'GET /api/documents/{id}',
      'GET',
      `/api/documents/${id}?setDocAsViewed=true`,
      { expect },
    );
    if (doc.status !== 200) return false;
    await this.http.call('GET /api/documents/{id}/file/1', 'GET', `/api/documents/${id}/file/1`, {
      expect,
    });
    await this.http.call('GET /api/history/document/{id}', 'GET', `/api/history/document/${id}`, {
      expect,
    });
    return true;
  }

  async notifications() {
    await this.http.call(
      'GET /api/notifications/unreadnotifications',
      'GET',
      '/api/notifications/unreadnotifications',
    );
    await this.http.call('GET /api/notifications', 'GET', '/api/notifications?page=1&pageSize=5');
  }

  async chat() {
    const threads = ok<{ items: Array<{ channelUrl: string }> }>(
      await this.http.call('GET /api/chat/threads', 'GET', '/api/chat/threads'),
    );
    const thread = pick(threads?.items ?? []);
    const text = `Soak ${this.tag} message ${Date.now()}`;
    if (!thread) {
      // The first message to a connection opens the thread (the New message box).
      const other = this.parties.find((p) => p.connectedCompanyId)?.connectedCompanyId;
      if (!other) return;
      return this.http.call('POST /api/chat/messages', 'POST', '/api/chat/messages', {
        json: { recipientCompanyIds: [other], message: text },
      });
    }
    const url = `/api/chat/threads/${encodeURIComponent(thread.channelUrl)}`;
    await this.http.call('GET /api/chat/threads/{url}/messages', 'GET', `${url}/messages`);
    await this.http.call('POST /api/chat/threads/{url}/messages', 'POST', `${url}/messages`, {
      json: { message: text },
    });
    await this.http.call('POST /api/chat/threads/{url}/read', 'POST', `${url}/read`, { json: {} });
    await this.http.call('GET /api/chat/unreadCount', 'GET', '/api/chat/unreadCount');
  }

  private async upload(type: number, partyId: number, file: Buffer, billTo?: number) {
    const form = new FormData();
    const data = { documentTypeId: type, receivingPartyId: partyId, billToOrgUnitId: billTo };
    form.append('fileUploadData', JSON.stringify(data));
    form.append('file', new Blob([file], { type: 'application/pdf' }), `soak-${this.tag}.pdf`);
    const res = await this.http.call(
      'POST /api/documents/upload',
      'POST',
      '/api/documents/upload',
      {
        body: form,
      },
    );
    return ok<{ documentIds: number[] }>(res)?.documentIds[0];
  }

  private async publish(id: number, type: number, values: Record<string, unknown>) {
    const defs = this.defs.get(type)!;
    const metadata = Object.entries(values).map(([key, v]) => ({
      metadataDefinitionId: defs.get(key)!,
      ...(typeof v === 'string' ? { value: v } : (v as object)),
    }));
    await this.http.call('PUT /api/documents/{id}/publish', 'PUT', `/api/documents/${id}/publish`, {
      json: { metadata },
    });
  }

  private party(type: string) {
    return this.parties.find((p) => p.partyTypeName === type && p.connectedCompanyName);
  }

  async sendInvoice() {
    const to = this.party('Purchaser') ?? this.party('Operator');
    if (!to) throw new Error('the vendor has no connected purchaser');
    const details = ok<{ connectedOrgUnits: Record<string, string> }>(
      await this.http.call(
        'GET /api/party/getByIdWithConnectedOrgUnits/{id}',
        'GET',
        `/api/party/getByIdWithConnectedOrgUnits/${to.id}`,
      ),
    );
    // Letters between the parts: invoice numbers are compared without punctuation (duplicate
    // check), so 'SOAK-1-23' and 'SOAK-12-3' would be the same invoice.
    const number = `SOAK-U${this.tag}-N${++this.sent}`;
    const total = `${100 + Math.floor(Math.random() * 9000)}.${Math.floor(Math.random() * 90 + 10)}`;
    const billTo = Number(Object.keys(details?.connectedOrgUnits ?? {})[0]) || undefined;
    const id = await this.upload(93, to.id, await invoicePdf(number, total), billTo);
    if (!id) return;
    await this.open(id, 93);
    await this.publish(id, 93, {
      docNumber: number,
      docInvoiceDate: today(),
      docServiceDate: today(),
      docTotal: total,
    });
  }

  async approveAndPay() {
    const candidates = await this.rows(93, pick([RouteStatus.Received, RouteStatus.Viewed]));
    const doc = pick(candidates);
    if (!doc) return;
    await this.open(doc.id, 93);
    const approved = await this.http.call(
      'POST /api/documents/{id}/approve',
      'POST',
      `/api/documents/${doc.id}/approve`,
      { expect: CONFLICT },
    );
    if (approved.status !== 200) return;
    const due = ok<{ paidAmount: number; total: number }>(
      await this.http.call('GET /api/payment', 'GET', `/api/payment?documentId=${doc.id}`),
    );
    if (!due) return;
    await this.http.call('POST /api/payment', 'POST', '/api/payment', {
      json: {
        documentId: doc.id,
        amount: (due.total - due.paidAmount).toFixed(2),
        checkNumber: String(10000 + Math.floor(Math.random() * 90000)),
        transactionDate: today(),
      },
      expect: CONFLICT,
    });
  }

  async sendDivisionOrder() {
    const owner = this.party('Owner');
    if (!owner) throw new Error('the operator has no connected owner');
    const number = `DO-${this.tag}-${++this.sent}`;
    const id = await this.upload(94, owner.id, await divisionOrderPdf(number));
    if (!id) return;
    await this.publish(id, 94, {
      docOwnerName: { value: owner.connectedCompanyName, partyId: owner.id },
      docOwnerNumber: number,
      docPropertyName: 'Soak Unit 12H',
      docDecimalInterest: '0.00125000',
      docEffectiveDate: today(),
      docOwnerTaxId: '75-1234567',
    });
  }

  async returnDivisionOrder() {
    const doc = pick(await this.rows(94, RouteStatus.New));
    if (!doc || !(await this.open(doc.id, 94))) return;
    const path = `/api/documents/${doc.id}/return`;
    if (Math.random() < 0.5)
      return this.http.call('POST /api/documents/{id}/return (unsigned)', 'POST', path, {
        json: { signed: false, declineReason: 'notMyProperty' },
        expect: [...CONFLICT, ...SIGNED_AWAY],
      });
    const consent = ok<{ version: string; consentedAt: string | null }>(
      await this.http.call('GET /api/esign/consent', 'GET', '/api/esign/consent'),
    );
    if (!consent) return;
    if (!consent.consentedAt)
      await this.http.call('POST /api/esign/consent', 'POST', '/api/esign/consent', {
        json: { version: consent.version },
      });
    await this.http.call('POST /api/documents/{id}/return (signed)', 'POST', path, {
      json: {
        signed: true,
        fullName: `Soak Signer ${this.tag}`,
        signatureImageAsBase64: await signaturePng(),
        page: 1,
        area: { x: 0.1, y: 0.75, width: 0.3, height: 0.08 },
        consentVersion: consent.version,
      },
      expect: [...CONFLICT, ...SIGNED_AWAY],
    });
  }
}
