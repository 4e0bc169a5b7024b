/** IANA time zones: the events' venues and the store's own zone use the same rule and the same list. */

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
