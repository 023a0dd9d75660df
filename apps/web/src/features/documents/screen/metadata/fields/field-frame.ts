import { keyframes } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import { AUTO_EXTRACTED_HIGHLIGHT_MS } from '@flowline/shared';

const fade = keyframes`
  from { background-color: #FFE3B0; }
  to { background-color: transparent; }
`;

/** Values filled by automatic extraction are highlighted for 2 seconds (spec 1 §4). */
export function autoExtractedSx(highlight: boolean): SxProps<Theme> {
  return highlight
    ? {
        '& .MuiInputBase-root': {
          animation: `${fade} ${AUTO_EXTRACTED_HIGHLIGHT_MS}ms ease-out`,
        },
      }
    : {};
}
