import { useEffect, useRef, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import { SIGNATURE_PEN_WIDTH, SIGNATURE_TEXT_HEIGHT_RATIO } from '@flowline/shared';

/** The pad's own pixels; it is shown at the dialog's width with the same aspect ratio. */
export const PAD_SIZE = { width: 600, height: 200 } as const;
const INK = '#0d1b3e';
const TYPED_FONT = '"Segoe Script", "Brush Script MT", "Comic Sans MS", cursive';

/** A canvas as PNG base64 without the 'data:' prefix (the contract's zPngBase64). */
export function canvasPng(canvas: HTMLCanvasElement): string {
  return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}

/** Spec 1 §5: the typed name at 40 % of the canvas height, centred. */
export function drawTypedName(canvas: HTMLCanvasElement, name: string) {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.clearRect(0, 0, canvas.width, canvas.height);
  const size = Math.round(canvas.height * SIGNATURE_TEXT_HEIGHT_RATIO);
  context.font = `${size}px ${TYPED_FONT}`;
  context.fillStyle = INK;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(name, canvas.width / 2, canvas.height / 2, canvas.width * 0.95);
}

/** A stored signature drawn back into the pad. */
export function drawImage(canvas: HTMLCanvasElement, pngBase64: string) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const image = new Image();
  image.onload = () => {
    context.clearRect(0, 0, canvas.width, canvas.height);
    const scale = Math.min(canvas.width / image.width, canvas.height / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    context.drawImage(
      image,
      (canvas.width - width) / 2,
      (canvas.height - height) / 2,
      width,
      height,
    );
  };
  image.src = `data:image/png;base64,${pngBase64}`;
}

export interface SignaturePadProps {
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
  /** Drawing is possible (the Draw tab); the Type tab only shows what is typed. */
  drawable: boolean;
  /** A stroke ended: the pad now holds a drawing. */
  onStroke: () => void;
  label: string;
}

/**
 * The drawing pad: pointer events, so a mouse, a pen or a finger draw alike (touch-action none
 * keeps the page from scrolling under the finger); pen width 2 (spec 1 §5).
 */
export function SignaturePad({ canvasRef, drawable, onStroke, label }: SignaturePadProps) {
  const last = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = SIGNATURE_PEN_WIDTH;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = INK;
  }, [canvasRef]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    // The canvas is scaled by CSS: map the pointer to its own pixels.
    const sx = rect.width ? canvas.width / rect.width : 1;
    const sy = rect.height ? canvas.height / rect.height : 1;
    return { x: (event.clientX - rect.left) * sx, y: (event.clientY - rect.top) * sy };
  };

  const line = (canvas: HTMLCanvasElement, from: { x: number; y: number }, to: typeof from) => {
    const context = canvas.getContext('2d');
    if (!context) return;
    context.lineWidth = SIGNATURE_PEN_WIDTH;
    context.strokeStyle = INK;
    context.lineCap = 'round';
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawable) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const at = point(event);
    last.current = at;
    // A dot for a tap.
    line(event.currentTarget, at, { x: at.x + 0.1, y: at.y + 0.1 });
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawable || !last.current) return;
    const at = point(event);
    line(event.currentTarget, last.current, at);
    last.current = at;
  };

  const end = () => {
    if (!last.current) return;
    last.current = null;
    onStroke();
  };

  return (
    <Box
      component="canvas"
      ref={canvasRef}
      role="img"
      aria-label={label}
      width={PAD_SIZE.width}
      height={PAD_SIZE.height}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onPointerLeave={end}
      sx={{
        display: 'block',
        width: '100%',
        aspectRatio: `${PAD_SIZE.width} / ${PAD_SIZE.height}`,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'common.white',
        touchAction: 'none',
        cursor: drawable ? 'crosshair' : 'default',
      }}
    />
  );
}
