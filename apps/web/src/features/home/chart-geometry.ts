import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

export const CHART_HEIGHT = 240;
/** Used where nothing is laid out (no ResizeObserver, as in tests) or the box has no width. */
const FALLBACK_WIDTH = 480;

/**
 * Integer ticks from 0 covering `max` (spec 3 §9: step size 1 — never a fraction), about five of
 * them: the step is 1, 2 or 5 times a power of ten.
 */
export function axisTicks(max: number, count = 5): number[] {
  const top = Math.max(1, Math.ceil(max));
  const raw = top / count;
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? power * 10;
  const ticks: number[] = [];
  for (let t = 0; t < top + step; t += step) ticks.push(t);
  return ticks;
}

/** Show every n-th label so that labels of about this many characters do not overlap. */
export function labelEvery(labels: string[], band: number, fontSize: number): number {
  const longest = Math.max(1, ...labels.map((l) => l.length));
  const needed = longest * fontSize * 0.62 + 8;
  return Math.max(1, Math.ceil(needed / Math.max(band, 1)));
}

/**
 * The width of the chart's box, followed as it resizes; null until the browser has laid the box
 * out. The observer reports it from the browser's own layout pass — measuring in a layout effect
 * forced a layout of the whole page inside the commit that added the charts, then re-rendered them
 * synchronously — and the chart draws in a transition's slices (issue 16 item 4). Where nothing is
 * laid out (no ResizeObserver, as in tests) a fixed width is used at once.
 */
export function useChartWidth(): [RefObject<HTMLDivElement | null>, number | null] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState<number | null>(() =>
    typeof ResizeObserver === 'undefined' ? FALLBACK_WIDTH : null,
  );
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const measured = Math.floor(entry.contentRect.width);
      startTransition(() => setWidth(measured > 0 ? measured : FALLBACK_WIDTH));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
