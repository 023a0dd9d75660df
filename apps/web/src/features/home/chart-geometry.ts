import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export const CHART_HEIGHT = 240;
/** Used until the container is measured (and where nothing is laid out, as in tests). */
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

/** The width of the chart's box, followed as it resizes (measured before the first paint). */
export function useChartWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (w: number) => setWidth(w > 0 ? Math.floor(w) : FALLBACK_WIDTH);
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
