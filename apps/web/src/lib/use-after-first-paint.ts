import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/** Once true for the page, true for every later caller (the shell stays mounted). */
let passed = false;

/** Idle time is awaited at most this long after the first frame. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * False until the page has painted and the browser has had a moment of idle time, then true: for
 * the work a signed-in page does not need for its first paint — badge counts, the realtime
 * socket, the search box's and chat panel's code (issue 16 item 4). Each still happens, right
 * after the content is on screen instead of competing with it.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(passed);
  useEffect(() => {
    if (ready) return;
    const done = () => {
      passed = true;
      // What appears now (badges, the search box's code) renders in slices, not one long task.
      startTransition(() => setReady(true));
    };
    let cancel = () => {};
    const afterFrame = () => {
      cancel = whenIdle(done, IDLE_TIMEOUT_MS);
    };
    if (typeof window.requestAnimationFrame === 'function') {
      const frame = window.requestAnimationFrame(() => window.setTimeout(afterFrame, 0));
      cancel = () => window.cancelAnimationFrame(frame);
    } else afterFrame();
    return () => cancel();
  }, [ready]);
  return ready;
}
