import { useEffect, useState, type PointerEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import {
  SIGNATURE_DEFAULT_BOX,
  signatureFieldMessages,
  signingMessages,
  type SignatureArea,
} from '@flowline/shared';

/** A signature field shown on a page (issue 31 item 1): where the owner is asked to sign. */
export interface ShownSignatureField {
  page: number;
  area: SignatureArea;
}

/**
 * The viewer's signature-capture mode (spec 1 §4 'Pending division order signing'); the same
 * layer lets the operator draw a division order's signature field (issue 31 item 1).
 */
export interface SignatureCapture {
  onCaptured(page: number, area: SignatureArea): void;
  onCancel(): void;
  /** The document's signature field, highlighted on its page. */
  field?: ShownSignatureField | null | undefined;
  /** 'sign': one click on the field signs there (the owner); 'show': only outlined (operator). */
  fieldAction?: 'sign' | 'show' | undefined;
  /** The bar's text (default: the owner's capture hint). */
  hint?: string | undefined;
}

/** A drag shorter than this (CSS px) is a click: the default box is placed there. */
const CLICK_SLOP = 8;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The default 300×200 box (PDF points, i.e. the page at 100 %) as page fractions, centred on a
 * point given as fractions (the page's centre by default) and kept inside the page.
 */
export function defaultSignatureArea(
  pageSize: { width: number; height: number },
  center: { x: number; y: number } = { x: 0.5, y: 0.5 },
): SignatureArea {
  const width = Math.min(1, SIGNATURE_DEFAULT_BOX.width / pageSize.width);
  const height = Math.min(1, SIGNATURE_DEFAULT_BOX.height / pageSize.height);
  return {
    x: round(clamp(center.x - width / 2, 0, 1 - width)),
    y: round(clamp(center.y - height / 2, 0, 1 - height)),
    width: round(width),
    height: round(height),
  };
}

/** A rectangle dragged on a page, in px of the page as shown, as page fractions. */
export function rectToArea(
  rect: { x1: number; y1: number; x2: number; y2: number },
  shown: { width: number; height: number },
): SignatureArea {
  const left = clamp(Math.min(rect.x1, rect.x2), 0, shown.width);
  const right = clamp(Math.max(rect.x1, rect.x2), 0, shown.width);
  const top = clamp(Math.min(rect.y1, rect.y2), 0, shown.height);
  const bottom = clamp(Math.max(rect.y1, rect.y2), 0, shown.height);
  return {
    x: round(left / shown.width),
    y: round(top / shown.height),
    width: Math.max(round((right - left) / shown.width), 0.0001),
    height: Math.max(round((bottom - top) / shown.height), 0.0001),
  };
}

interface Drag {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Laid over one page: drag a rectangle (or click for the default box) to place the signature. */
export function SignatureCaptureLayer({
  page,
  pageSize,
  onCaptured,
}: {
  page: number;
  /** The page at 100 % (PDF points): the default box's scale. */
  pageSize: { width: number; height: number };
  onCaptured: SignatureCapture['onCaptured'];
}) {
  const [drag, setDrag] = useState<Drag | null>(null);

  const local = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top, rect };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const { x, y } = local(event);
    setDrag({ x1: x, y1: y, x2: x, y2: y });
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const { x, y } = local(event);
    setDrag({ ...drag, x2: x, y2: y });
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const { x, y, rect } = local(event);
    const done = { ...drag, x2: x, y2: y };
    setDrag(null);
    if (!rect.width || !rect.height) return;
    const click =
      Math.abs(done.x2 - done.x1) < CLICK_SLOP || Math.abs(done.y2 - done.y1) < CLICK_SLOP;
    onCaptured(
      page,
      click
        ? defaultSignatureArea(pageSize, { x: done.x1 / rect.width, y: done.y1 / rect.height })
        : rectToArea(done, rect),
    );
  };

  return (
    <Box
      data-signature-capture={page}
      aria-hidden
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      sx={{ position: 'absolute', inset: 0, zIndex: 3, cursor: 'crosshair', touchAction: 'none' }}
    >
      {drag && (
        <Box
          sx={{
            position: 'absolute',
            left: Math.min(drag.x1, drag.x2),
            top: Math.min(drag.y1, drag.y2),
            width: Math.abs(drag.x2 - drag.x1),
            height: Math.abs(drag.y2 - drag.y1),
            border: 2,
            borderStyle: 'dashed',
            borderColor: 'primary.main',
            bgcolor: 'rgba(25, 118, 210, 0.08)',
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}

const percent = (fraction: number) => `${fraction * 100}%`;

/**
 * The signature field on its page: highlighted, and for the owner a button — one click (or Enter)
 * signs there. Laid above the capture layer, so a drag elsewhere on the page still places the
 * signature where the owner wants it.
 */
export function SignatureFieldTarget({
  field,
  action,
  onCaptured,
}: {
  field: ShownSignatureField;
  action: 'sign' | 'show';
  onCaptured: SignatureCapture['onCaptured'];
}) {
  const box = {
    position: 'absolute',
    left: percent(field.area.x),
    top: percent(field.area.y),
    width: percent(field.area.width),
    height: percent(field.area.height),
    zIndex: 4,
    border: 2,
    borderStyle: 'dashed',
    borderColor: 'warning.main',
    bgcolor: 'rgba(255, 193, 7, 0.25)',
    borderRadius: 0.5,
  } as const;
  if (action === 'show') {
    return (
      <Box data-signature-field={field.page} aria-hidden sx={{ ...box, pointerEvents: 'none' }} />
    );
  }
  return (
    <ButtonBase
      data-signature-field={field.page}
      aria-label={signatureFieldMessages.signHereLabel(field.page)}
      onClick={() => onCaptured(field.page, field.area)}
      sx={{
        ...box,
        color: 'warning.dark',
        fontWeight: 600,
        fontSize: 13,
        '&:hover, &.Mui-focusVisible': { bgcolor: 'rgba(255, 193, 7, 0.45)', outline: 'none' },
        '&.Mui-focusVisible': { boxShadow: 3, borderStyle: 'solid' },
      }}
    >
      {signatureFieldMessages.signHere}
    </ButtonBase>
  );
}

/** Over one page in capture mode: the drag layer and, on its page, the signature field. */
export function SignatureCaptureOverlay({
  page,
  pageSize,
  capture,
}: {
  page: number;
  pageSize: { width: number; height: number };
  capture: SignatureCapture;
}) {
  return (
    <>
      <SignatureCaptureLayer page={page} pageSize={pageSize} onCaptured={capture.onCaptured} />
      {capture.field?.page === page && (
        <SignatureFieldTarget
          field={capture.field}
          action={capture.fieldAction ?? 'sign'}
          onCaptured={capture.onCaptured}
        />
      )}
    </>
  );
}

/** Above the pages in capture mode: the hint, the keyboard way and Cancel (or Escape). */
export function SignatureCaptureBar({
  onPlaceDefault,
  onCancel,
  hint,
}: {
  /** Undefined until the page's size is known. */
  onPlaceDefault: (() => void) | undefined;
  onCancel(): void;
  hint?: string | undefined;
}) {
  // Escape leaves capture mode, as Cancel does.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onCancel();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onCancel]);

  return (
    <Alert
      severity="info"
      role="status"
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" disabled={!onPlaceDefault} onClick={onPlaceDefault}>
            Place at default position
          </Button>
          <Button color="inherit" size="small" onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
      }
    >
      {hint ?? signingMessages.captureHint}
    </Alert>
  );
}
