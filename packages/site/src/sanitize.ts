/**
 * Rich text is sanitised again when rendered, with the rules the server saves it with (core's
 * RICH_TEXT_RULES), so a value passes both unchanged or is cleaned the same way by both.
 */
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_RULES } from '@canopy/core';

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, RICH_TEXT_RULES);
}
