import { useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { CLICK_TO_FILL_HIGHLIGHT_MS } from '@flowline/shared';

/**
 * Click-to-fill from the viewer (spec 1 §4): on mouse-up, the text selected on a page — or, on a
 * scanned page, the OCR word clicked — goes to `onTextSelected`; when a field takes it, the page
 * (`[data-viewer-page]`) is highlighted for 1.5 s.
 */
export function useFillSelection(
  container: RefObject<HTMLElement | null>,
  onTextSelected: ((text: string) => boolean) | undefined,
  disabled: boolean,
) {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onMouseUp = (event: MouseEvent<HTMLElement>) => {
    if (!onTextSelected || disabled) return;
    const selection = window.getSelection();
    let text = selection?.toString().trim() ?? '';
    let element: Element | null | undefined;
    if (text && selection) {
      const anchor = selection.anchorNode;
      element = anchor instanceof Element ? anchor : anchor?.parentElement;
    } else if (event.target instanceof Element) {
      element = event.target.closest('[data-ocr-word]');
      text = element?.textContent?.trim() ?? '';
    }
    if (!text || !element) return;
    const page = element.closest<HTMLElement>('[data-viewer-page]');
    if (!page || !container.current?.contains(page)) return;
    if (!onTextSelected(text)) return;
    const number = Number(page.dataset.viewerPage);
    setHighlighted(number);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => setHighlighted((shown) => (shown === number ? null : shown)),
      CLICK_TO_FILL_HIGHLIGHT_MS,
    );
    selection?.removeAllRanges();
  };

  return { highlighted, onMouseUp };
}

/** The outline of a page that just filled a field. */
export function pageHighlightSx(on: boolean) {
  return {
    outline: on ? 3 : 0,
    outlineColor: 'secondary.main',
    outlineStyle: 'solid',
    transition: 'outline-color 0.2s',
  } as const;
}
