import Box from '@mui/material/Box';
import { useOcrPage } from './ocr-api';

export interface OcrLayerProps {
  documentId: number;
  page: number;
  /** The page's size on screen (zoom applied): the words are scaled from the page's own units. */
  width: number;
  height: number;
}

/**
 * The words read from a scanned page (OCR), laid over its image as transparent, selectable text —
 * the same thing pdf.js's text layer is for a PDF with text, so selecting (or clicking) a word
 * fills the focused field exactly like on a text PDF. Not focusable: the keyboard passes through;
 * screen readers read the words in reading order.
 */
export function OcrLayer({ documentId, page, width, height }: OcrLayerProps) {
  const words = useOcrPage(documentId, page, true);
  const data = words.data;
  if (!data || data.blocks.length === 0 || data.width <= 0 || data.height <= 0) return null;
  const scaleX = width / data.width;
  const scaleY = height / data.height;
  return (
    <Box
      data-ocr-layer={page}
      sx={{
        position: 'absolute',
        inset: 0,
        overflow: 'hidden',
        lineHeight: 1,
        zIndex: 2,
        cursor: 'text',
        '& [data-ocr-word]': {
          position: 'absolute',
          color: 'transparent',
          whiteSpace: 'pre',
          overflow: 'hidden',
          fontFamily: 'sans-serif',
          cursor: 'pointer',
          borderRadius: '2px',
          '&:hover': { bgcolor: 'rgba(25, 118, 210, 0.12)' },
        },
        '& ::selection': { bgcolor: 'rgba(25, 118, 210, 0.35)', color: 'transparent' },
      }}
    >
      {data.blocks.map((block, index) => {
        const box = block.Coordinates;
        const h = box.Height * scaleY;
        return (
          <Box
            component="span"
            key={index}
            data-ocr-word=""
            style={{
              left: box.X * scaleX,
              top: box.Y * scaleY,
              width: box.Width * scaleX,
              height: h,
              fontSize: Math.max(1, h * 0.85),
            }}
          >
            {block.Text}
            {/* A space between words, so a selection over several reads as words. */}{' '}
          </Box>
        );
      })}
    </Box>
  );
}
