import { normaliseDate } from '@canopy/core';
import { fail } from '../../errors';

/** Accepts '1970-01-01 12:00', a date, or an ISO date-time; refuses what is not a date. */
export function parseDateInput(field: string, value: string): string {
  const trimmed = value.trim();
  const candidate = normaliseDate(trimmed).replace(' ', 'T');
  if (trimmed === '' || Number.isNaN(Date.parse(candidate))) {
    fail(
      'VALIDATION_FAILED',
      `The field "${field}" must be a date such as 2026-05-01 or 2026-05-01 09:30`,
    );
  }
  return trimmed;
}
