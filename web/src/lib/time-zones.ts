/** The zones a broker picks from, as the sign-up and profile forms show them. */

/** The browser's zone, else UTC (spec point 3). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The IANA zones of the runtime, with `current` kept when the runtime lacks it; `suggested` (the
 * device's zone) comes first when given.
 */
export function timeZoneOptions(current: string, suggested?: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  const known = zones.includes(current) ? zones : [current, ...zones];
  return suggested ? [suggested, ...known.filter((zone) => zone !== suggested)] : known;
}

/** A zone as people read it: America/Los_Angeles is 'America/Los Angeles'. */
export const zoneName = (zone: string): string => zone.replaceAll('_', ' ');
