/**
 * What a publish or unpublish date means: the one rule the editor, the server's Save and every
 * reader (published variant, page URLs, cache expiry) use.
 *
 * - Accepted: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM`, `YYYY-MM-DDTHH:MM`, with optional `:SS` and
 *   fraction, and an optional offset (`Z`, `+02:00`, `-0500`). Without an offset the time is UTC,
 *   whatever the server's or the browser's time zone; a bare date is midnight UTC.
 * - The default `1970-01-01 12:00` (that moment in UTC, in any accepted form) means "no limit".
 * - Stored as `publishDateText` gives it: the default as `1970-01-01 12:00`, every other date as
 *   UTC ISO text (`2026-05-01T09:30:00.000Z`).
 * - Entered and shown (§9) as `MM/DD/YYYY hh:mm AM` in UTC: `parsePublishDate` reads that form,
 *   `formatPublishDate` (format.ts) writes it.
 */
import { DEFAULT_PUBLISH_DATE } from './constants';

const FORM =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

const NO_LIMIT_MS = Date.UTC(1970, 0, 1, 12, 0, 0);

/**
 * The moment a publish or unpublish date stands for, in milliseconds since 1970 (UTC); null for
 * the default "no limit"; undefined when the text is not a date in an accepted form.
 */
export function publishDateMoment(text: string): number | null | undefined {
  // The stored default, which nearly every version has: no need to parse it.
  if (text === DEFAULT_PUBLISH_DATE) return null;
  const match = FORM.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '', zone] = match;
  const [y, mo, d] = [Number(year), Number(month), Number(day)];
  const [h, mi, s] = [Number(hour ?? 0), Number(minute ?? 0), Number(second ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return undefined;
  let ms = Date.UTC(y, mo - 1, d, h, mi, s, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const check = new Date(ms);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
    return undefined;
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    const hours = Number(digits.slice(1, 3));
    const minutes = Number(digits.slice(3, 5));
    if (hours > 14 || minutes > 59) return undefined;
    ms -= (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  }
  return ms === NO_LIMIT_MS ? null : ms;
}

/** The stored text of a publish or unpublish date; undefined when the text is not a date. */
export function publishDateText(text: string): string | undefined {
  const moment = publishDateMoment(text);
  if (moment === undefined) return undefined;
  return moment === null ? DEFAULT_PUBLISH_DATE : new Date(moment).toISOString();
}

const ENTERED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?:\s*([AP])\.?M\.?)?)?$/i;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The stored text of a date entered as §9 writes it: `MM/DD/YYYY hh:mm AM` (or `PM`), UTC like
 * every date without an offset; also `MM/DD/YYYY HH:mm` (24-hour) and a bare `MM/DD/YYYY`
 * (midnight). Undefined when the text is not such a date ('13/01/2026', '02/30/2026',
 * '00:30 PM').
 */
export function parsePublishDate(input: string): string | undefined {
  const match = ENTERED.exec(input.trim());
  if (!match) return undefined;
  const [, month, day, year, hour, minute, half] = match;
  let h = Number(hour ?? 0);
  if (half) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (half.toUpperCase() === 'P' ? 12 : 0);
  }
  return publishDateText(
    `${year}-${two(Number(month))}-${two(Number(day))}T${two(h)}:${minute ?? '00'}Z`,
  );
}

/** Whether a published version with these dates is live at `now` (milliseconds). */
export function isLiveBetween(publishDate: string, unpublishDate: string, now: number): boolean {
  const starts = publishDateMoment(publishDate);
  const ends = publishDateMoment(unpublishDate);
  if (starts != null && starts > now) return false;
  if (ends != null && ends <= now) return false;
  return true;
}

/** The first of the dates after `now` (milliseconds), or Infinity: when liveness next changes. */
export function nextPublishBoundary(dates: readonly string[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const date of dates) {
    const at = publishDateMoment(date);
    if (at != null && at > now && at < next) next = at;
  }
  return next;
}
