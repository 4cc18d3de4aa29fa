/** Display formatting shared by server and editors: file sizes, dimensions, dates, widget names. */
import { DEFAULT_PUBLISH_DATE, WIDGET_NAME_MAX_SHOWN } from './constants';
import { publishDateMoment } from './dates';

const KB = 1_000;
const MB = 1_000_000;

/**
 * A byte count as §3 shows it: over 1,000,000 in MB with one decimal ('1.5 MB', '100.0 MB'),
 * over 1,000 in whole KB, rounded ('12 KB', '1000 KB' for exactly 1,000,000), else in B
 * ('999 B', '1000 B'). Throws a RangeError for a negative or non-finite count.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    throw new RangeError(`A file size must be a finite number of 0 or more, got ${bytes}`);
  }
  if (bytes > MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes > KB) return `${Math.round(bytes / KB)} KB`;
  return `${bytes} B`;
}

/** Image or video dimensions as shown in the media panel: '1920 x 1080'. */
export function formatFileDimensions(width: number, height: number): string {
  return `${width} x ${height}`;
}

/**
 * Gives a bare date a time (§5 last rule): a string shorter than 11 characters with no time
 * part gets 'T00:00:00' added, so '2024-05-01' becomes '2024-05-01T00:00:00'. Anything else,
 * and the empty string, comes back unchanged.
 */
export function normaliseDate(value: string): string {
  if (value === '' || value.length >= 11 || /[T:]/.test(value)) return value;
  return `${value}T00:00:00`;
}

/**
 * Whether a publish or unpublish date is the default '1970-01-01 12:00' that means "not set",
 * in its stored form or as ISO text ('1970-01-01T12:00:00.000Z'). See dates.ts.
 */
export function isDefaultDate(value: string | null | undefined): boolean {
  return value === DEFAULT_PUBLISH_DATE || (value != null && publishDateMoment(value) === null);
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A publish or unpublish date as §9 shows it, in UTC (the zone it is stored and entered in):
 * `MM/DD/YYYY hh:mm AM`, e.g. '05/01/2026 09:30 AM' for '2026-05-01T09:30:00.000Z'. The default
 * "no limit" date gives ''; text that is not a date comes back unchanged.
 */
export function formatPublishDate(value: string): string {
  const moment = publishDateMoment(value);
  if (moment === null) return '';
  if (moment === undefined) return value;
  const date = new Date(moment);
  const hours = date.getUTCHours();
  return `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${date.getUTCFullYear()} ${two(
    hours % 12 || 12,
  )}:${two(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * The month of a moment as §9 writes month-level dates: `MM/YYYY` ('05/2026'), in this
 * machine's time zone (where the admin shows full dates) or in UTC.
 */
export function formatMonth(moment: Date | number, zone: 'local' | 'UTC' = 'local'): string {
  const date = new Date(moment);
  return zone === 'UTC'
    ? `${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`
    : `${two(date.getMonth() + 1)}/${date.getFullYear()}`;
}

export interface ShownName {
  /** What fits in the Blocks tab. */
  text: string;
  /** The full name, for the tooltip. */
  title: string;
}

/**
 * A widget template name for the Blocks tab (§2, §9): names over 30 characters are cut to 31
 * characters plus '...'; the full name is always the tooltip.
 */
export function truncateWidgetName(name: string): ShownName {
  const text =
    name.length > WIDGET_NAME_MAX_SHOWN ? `${name.slice(0, WIDGET_NAME_MAX_SHOWN + 1)}...` : name;
  return { text, title: name };
}
