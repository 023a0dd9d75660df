import Box from '@mui/material/Box';

/** The text with every case-insensitive occurrence of `search` marked (spec 2 §2.7). */
export function HighlightedText({ text, search }: { text: string; search: string }) {
  const needle = search.trim().toLowerCase();
  if (!needle) return <>{text}</>;
  const parts: { text: string; match: boolean }[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, at)) {
    if (i > at) parts.push({ text: text.slice(at, i), match: false });
    parts.push({ text: text.slice(i, i + needle.length), match: true });
    at = i + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return (
    <>
      {parts.map((p, i) =>
        p.match ? (
          <Box key={i} component="mark" sx={{ bgcolor: 'warning.light', color: 'inherit', px: 0 }}>
            {p.text}
          </Box>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/** Whether the invitation matches the search: names, sender e-mail, address, profile. */
export function matchesSearch(values: (string | null | undefined)[], search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return values.some((v) => v?.toLowerCase().includes(needle));
}
