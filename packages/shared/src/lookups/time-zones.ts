/** A time zone as the lookup serves it, e.g. { id: 'America/Chicago', displayName: '(UTC-06:00) America/Chicago' }. */
export interface TimeZoneOption {
  id: string;
  displayName: string;
}

/**
 * Whether the runtime knows this IANA time zone (canonical ids and links such as US/Central).
 * Uses Intl so the browser and the server agree without shipping the tz database.
 */
export function isValidTimeZone(id: string): boolean {
  if (!id || id.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

/** The canonical spelling of a valid zone ('us/central' → 'America/Chicago'). */
export function canonicalTimeZone(id: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: id }).resolvedOptions().timeZone;
}

/** The zone's UTC offset at `at` in minutes east of UTC (America/Chicago in winter: -360). */
export function timeZoneOffsetMinutes(id: string, at: Date): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: id, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  // 'GMT' alone is the zero offset; otherwise 'GMT-06:00' or 'GMT+05:30'.
  const match = part?.match(/^GMT([+-])(\d{2}):(\d{2})$/);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `(UTC${sign}${hh}:${mm})`;
}

/**
 * Every zone of the runtime plus UTC, named with its offset at `at` ('(UTC-06:00) America/Chicago'),
 * sorted west to east and then by id. Offsets follow daylight saving time, so the list is dated.
 */
export function listTimeZones(at: Date = new Date()): TimeZoneOption[] {
  const ids = new Set(Intl.supportedValuesOf('timeZone'));
  ids.add('UTC');
  return [...ids]
    .map((id) => ({ id, offset: timeZoneOffsetMinutes(id, at) }))
    .sort((a, b) => a.offset - b.offset || a.id.localeCompare(b.id))
    .map(({ id, offset }) => ({ id, displayName: `${formatOffset(offset)} ${id}` }));
}
