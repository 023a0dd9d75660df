// The virtual user's HTTP side for bench/soak.ts: one cookie jar (the issuer's session cookies),
// its own client address (X-Forwarded-For, trusted from loopback only), and every call timed
// under a label (method + route template) into the shared statistics.
import { performance } from 'node:perf_hooks';

export interface CallRecord {
  label: string;
  ms: number;
  status: number;
  /** An answer the workload provokes on purpose (see EXPECTED in workload.ts). */
  expected: boolean;
  at: number;
  /** When the call started (Date.now()) and its `x-bench-id` (the cluster bench's haproxy log). */
  startedAt: number;
  id: string;
}

export class Stats {
  readonly records: CallRecord[] = [];
  /** Unexpected answers with their body, for the report (the first few per label). */
  readonly failures = new Map<string, string[]>();
  measuring = false;
  /** GETs sent again after their connection closed without an answer (UserHttp's option). */
  retried = 0;

  /** The last call of `label` failed without an answer and is sent again: not an error. */
  forgiveLast(label: string) {
    this.retried++;
    for (let i = this.records.length - 1; i >= 0; i--) {
      const record = this.records[i]!;
      if (record.label !== label || record.status !== 0) continue;
      record.expected = true;
      break;
    }
    this.failures.get(label)?.pop();
  }

  add(record: CallRecord, body?: string, where?: string) {
    if (!this.measuring) return;
    this.records.push(record);
    if (record.status >= 200 && record.status < 400) return;
    if (record.expected) return;
    const list = this.failures.get(record.label) ?? [];
    if (list.length < 5) list.push(`${record.status} ${where ?? ''} ${body?.slice(0, 300) ?? ''}`);
    this.failures.set(record.label, list);
  }
}

/** Cookies by name (the issuer's cookies are path-scoped under /oidc; one jar per user). */
class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = /expires=([^;]+)/i.exec(line);
      if (!value || (expired && Date.parse(expired[1]!) <= Date.now())) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

export interface CallOptions {
  json?: unknown;
  form?: Record<string, string>;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
  /** Statuses besides 2xx/3xx that this call may answer without being an error. */
  expect?: number[];
  /** Send the bearer token and Company-Id (the API); false for the issuer's pages. */
  auth?: boolean;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json<T>(): T;
}

let callCount = 0;

export class UserHttp {
  private jar = new CookieJar();
  token = '';
  companyId = 0;

  constructor(
    readonly base: string,
    readonly address: string,
    private readonly stats: Stats,
    /**
     * Send a GET again once when its connection closed before any answer, as browsers do for a
     * reused keep-alive connection (the cluster bench: the balancer closes the client connections
     * tied to an instance that died).
     */
    private readonly retryClosedGets = false,
  ) {}

  async call(label: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    const answer = await this.once(label, method, path, opts);
    if (answer.status === 0 && this.retryClosedGets && method === 'GET') {
      this.stats.forgiveLast(label);
      return this.once(label, method, path, opts);
    }
    return answer;
  }

  private async once(label: string, method: string, path: string, opts: CallOptions) {
    const id = `${process.pid}-${++callCount}`;
    const headers: Record<string, string> = {
      'x-bench-id': id,
      'x-forwarded-for': this.address,
      'user-agent': 'flowline-soak',
      ...opts.headers,
    };
    const cookie = this.jar.header();
    if (cookie && path.startsWith('/oidc')) headers.cookie = cookie;
    if (opts.auth !== false && this.token) {
      headers.authorization = `Bearer ${this.token}`;
      if (this.companyId) headers['company-id'] = String(this.companyId);
    }
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    const started = performance.now();
    const startedAt = Date.now();
    let status = 0;
    let text = '';
    let resHeaders = new Headers();
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      });
      this.jar.store(res);
      text = await res.text();
      status = res.status;
      resHeaders = res.headers;
    } catch (err) {
      // fetch's TypeError says only 'fetch failed'; the reason (ECONNRESET, …) is its cause.
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      text = `${String(err)}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''} at ${new Date().toISOString()}`;
    }
    const ms = performance.now() - started;
    const expected = (opts.expect ?? []).includes(status);
    this.stats.add(
      { label, ms, status, expected, at: Date.now(), startedAt, id },
      text,
      `${method} ${path} via ${this.base} as ${this.address} in company ${this.companyId}`,
    );
    return {
      status,
      headers: resHeaders,
      text,
      json: <T>() => JSON.parse(text) as T,
    } satisfies Answer;
  }
}

/** A 2xx answer's JSON, or null (the failure is already counted). */
export function ok<T>(answer: Answer): T | null {
  if (answer.status < 200 || answer.status >= 300) return null;
  return answer.text ? answer.json<T>() : (null as T);
}
