/**
 * IANA time zones: the events' venues and the store's own zone use the same rule and the same list, and the same
 * conversion between a wall-clock time there and a UTC instant.
 */

export const TIME_ZONE_INVALID = 'must be a time zone such as Europe/Paris or UTC';

/** True for a time zone this runtime knows (IANA names, and 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones offered in the form: every IANA zone the runtime lists, UTC first. */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The offset of `zone` from UTC at the instant `utcMs`, in ms (positive east of Greenwich). */
function zoneOffset(utcMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/**
 * 'YYYY-MM-DDTHH:mm' on the clocks of `zone` as a UTC ISO instant, or null for a time that is not valid. A time that
 * a clock change skips reads as the same clock time after the change; one it repeats, as its first occurrence.
 */
export function zonedToUtc(local: string, zone: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m || !isTimeZone(zone)) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return null;
  // The offsets in force a day before and a day after: any clock change near the time lies between them.
  const DAY = 86_400_000;
  const before = zoneOffset(wall - DAY, zone);
  const after = zoneOffset(wall + DAY, zone);
  const fits = [wall - before, wall - after].filter((utc) => utc + zoneOffset(utc, zone) === wall);
  // Repeated: the earlier instant. Skipped: none fits; the offset before the change moves it past the gap.
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - before).toISOString();
}

/** A UTC instant as 'YYYY-MM-DDTHH:mm' on the clocks of `zone` (for a datetime-local input), or '' when invalid. */
export function utcToZoned(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms) || !isTimeZone(zone)) return '';
  return new Date(ms + zoneOffset(ms, zone)).toISOString().slice(0, 16);
}
