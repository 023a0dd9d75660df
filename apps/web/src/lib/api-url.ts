export type QueryValue = string | number | boolean | null | undefined;

/** The address of an API call: `/api` + `path`, with the query's defined values. */
export function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const base = path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}
