/** Words longer than this are not prefixes anybody types. */
const MAX_WORD_LENGTH = 64;
const MAX_WORDS = 8;

/**
 * A `to_tsquery('simple', …)` text that matches the user's words with the last one as a prefix
 * ("red me" → 'red' & 'me':*), so results appear while a word is being typed. Only letters and
 * digits reach it (each word quoted), so it can never be a syntax error or an injection. Returns
 * null when there is nothing to add, or when the text uses websearch syntax (quotes, "or",
 * -exclusions) whose meaning a plain AND would contradict.
 */
export function prefixTsQuery(text: string): string | null {
  if (/"/.test(text) || /(^|\s)-\S/.test(text) || /(^|\s)or(\s|$)/i.test(text)) return null;
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w.length <= MAX_WORD_LENGTH)
    .slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}
