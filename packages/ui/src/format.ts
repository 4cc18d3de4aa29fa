/** How dates read on every screen (UI.md: en-US long date, short time). */
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * A stored date and time as people read it ("November 27, 2026 at 1:16 AM"). SQLite's
 * `YYYY-MM-DD HH:MM:SS` (UTC, no zone) and ISO strings both read; anything else is shown as is.
 */
export function formatUpdated(value: string): string {
  const date = new Date(
    value.includes('T') || value.endsWith('Z') ? value : `${value.replace(' ', 'T')}Z`,
  );
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}
