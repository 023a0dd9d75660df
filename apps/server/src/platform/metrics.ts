import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 33 item 4, docs/operations.md). One registry per app,
 * so several apps in one process (tests) never register a series twice. Series whose value lives
 * elsewhere (pool, queues, sockets, pages read) are read when scraped, through `collect`.
 */
export interface Metrics {
  registry: Registry;
  /** A request's duration, labelled by method, route pattern (not the URL) and status. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** A value read at scrape time (labels optional: `set` may be called once per label set). */
  gauge(
    name: string,
    help: string,
    collect: (
      set: (value: number, labels?: Record<string, string>) => void,
    ) => Promise<void> | void,
    labelNames?: string[],
  ): void;
  /** A monotonically growing count read at scrape time (e.g. pages recognised so far). */
  counter(name: string, help: string, read: () => number): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'flowline_' });
  const requests = new Histogram({
    name: 'flowline_http_request_duration_seconds',
    help: 'API request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    gauge(name, help, collect, labelNames = []) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          await collect((value, labels) => (labels ? this.set(labels, value) : this.set(value)));
        },
      });
    },
    counter(name, help, read) {
      let reported = 0;
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          const now = read();
          if (now > reported) this.inc(now - reported);
          reported = now;
        },
      });
    },
  };
}
