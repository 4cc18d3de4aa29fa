import { publishDateText } from '@canopy/core';
import { fail } from '../../errors';

/**
 * A publish or unpublish date as sent, in the one stored form (core's dates.ts decides what it
 * means: UTC unless it carries an offset, the default meaning "no limit"); refuses what is not a
 * date.
 */
export function parseDateInput(field: string, value: string): string {
  const stored = publishDateText(value);
  if (stored === undefined) {
    fail(
      'VALIDATION_FAILED',
      `The field "${field}" must be a date such as 2026-05-01 or 2026-05-01 09:30`,
    );
  }
  return stored;
}
