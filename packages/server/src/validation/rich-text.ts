/** Rich Text values are sanitised on save with core's allow-list (the site renderer reuses it). */
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_RULES } from '@canopy/core';

/** The value with everything outside the allow-list removed (null stays null). */
export function sanitizeRichText(html: string | null): string | null {
  return html == null ? html : sanitizeHtml(html, RICH_TEXT_RULES);
}
