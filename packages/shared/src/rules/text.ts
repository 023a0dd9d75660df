/**
 * Ends a sentence that closes with a name: 'Red Mesa Operating Co.' already ends with a period
 * and must not get a second one ('… Co..', issue 11 item 21).
 */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}
