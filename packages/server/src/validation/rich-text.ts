/** Rich Text values are sanitised on save with core's allow-list (the site renderer reuses it). */
import sanitizeHtml from 'sanitize-html';
import { richTextRules, type RichTextMode } from '@canopy/core';

/**
 * The value with everything outside the allow-list of its mode removed (null stays null):
 * inline short text keeps no paragraph or other block.
 */
export function sanitizeRichText(html: string | null, mode: RichTextMode = 'full'): string | null {
  return html == null ? html : sanitizeHtml(html, richTextRules(mode));
}
