import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs the work at an idle moment, bounded by the timeout, and can be cancelled', () => {
    const requested: { timeout?: number }[] = [];
    const callbacks = new Map<number, () => void>();
    vi.stubGlobal('requestIdleCallback', (cb: () => void, options: { timeout?: number }) => {
      requested.push(options);
      callbacks.set(callbacks.size + 1, cb);
      return callbacks.size;
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => callbacks.delete(id));
    const work = vi.fn();
    whenIdle(work, 2000);
    const cancel = whenIdle(work, 2000);
    cancel();
    callbacks.forEach((cb) => cb());
    expect(work).toHaveBeenCalledTimes(1);
    expect(requested[0]).toEqual({ timeout: 2000 });
  });

  it('falls back to a short timer without idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work, 2000);
    const cancelled = vi.fn();
    whenIdle(cancelled, 2000)();
    vi.advanceTimersByTime(50);
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
