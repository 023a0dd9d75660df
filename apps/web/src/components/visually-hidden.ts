/**
 * `sx` for text that only screen readers read. Sizes are strings: in `sx` a number up to 1 is a
 * fraction (`width: 1` is 100 %), which made a hidden label as wide as its header and pushed a
 * grid 10 px past its edge at 1280 px (issue 11 item 6).
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
