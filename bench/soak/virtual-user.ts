// One virtual user of the soak and cluster benches: signs in through the issuer's real pages, keeps
// the notifications socket open (re-authenticated after each renewal), and loops the workload with
// a think time of 0.3–1.7 × `thinkSeconds` until `end`. A failed step is reported and the user
// signs in again.
import { UserHttp, type Stats } from './http';
import type { Person } from './instances';
import { renewIfDue, signIn, type Session } from './oidc';
import { NotificationSocket, type SocketCounts } from './socket';
import { Workload } from './workload';

export const DEMO_PASSWORD = 'flowline-demo-1';
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

export async function runVirtualUser(opts: {
  person: Person;
  index: number;
  /** Where its calls go (an instance, or the balancer) and the issuer's public address. */
  base: string;
  publicUrl: string;
  /** Its own client address (X-Forwarded-For). */
  address: string;
  stats: Stats;
  sockets: SocketCounts;
  end: number;
  thinkSeconds: number;
  retryClosedGets?: boolean;
  onError(text: string): void;
}) {
  const { person, base } = opts;
  const http = new UserHttp(base, opts.address, opts.stats, opts.retryClosedGets ?? false);
  const work = new Workload(http, person.kind, `${opts.index}`);
  let session: Session | null = null;
  let socket: NotificationSocket | null = null;
  while (Date.now() < opts.end) {
    try {
      if (!session) {
        session = await signIn(http, opts.publicUrl, person.email, DEMO_PASSWORD);
        await work.start();
        socket = new NotificationSocket(
          base,
          () => ({ token: http.token, companyId: http.companyId }),
          opts.sockets,
        );
        socket.open();
      }
      const renewed = await renewIfDue(http, session);
      if (renewed !== session) socket?.authenticate();
      session = renewed;
      await work.step();
    } catch (error) {
      opts.onError(`${person.email}: ${String(error)}`);
      session = null;
      socket?.close();
    }
    await sleep(opts.thinkSeconds * 1000 * (0.3 + 1.4 * Math.random()));
  }
  socket?.close();
}
