/** The search's place in the top bar, shared by the search box and the stand-in shown while it loads. */
export const SEARCH_MIN_WIDTH = 280;

export const searchBoxFrameSx = {
  flex: '0 1 560px',
  maxWidth: 560,
  minWidth: { xs: 0, md: SEARCH_MIN_WIDTH },
  width: '100%',
} as const;
