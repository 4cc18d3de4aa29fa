import { describe, expect, it } from 'vitest';
import {
  isLiveBetween,
  nextPublishBoundary,
  parsePublishDate,
  publishDateMoment,
  publishDateText,
} from './dates';
import { formatPublishDate } from './format';

describe('publish dates', () => {
  it('reads a date without an offset as UTC, whatever the time zone', () => {
    const utc = Date.UTC(2026, 4, 1, 9, 30);
    expect(publishDateMoment('2026-05-01 09:30')).toBe(utc);
    expect(publishDateMoment('2026-05-01T09:30')).toBe(utc);
    expect(publishDateMoment('2026-05-01T09:30:00.000Z')).toBe(utc);
    expect(publishDateMoment('2026-05-01T11:30+02:00')).toBe(utc);
    expect(publishDateMoment('2026-05-01 04:30 -0500')).toBe(utc);
    expect(publishDateMoment(' 2026-05-01 ')).toBe(Date.UTC(2026, 4, 1));
  });

  it('takes 1970-01-01 12:00 UTC in any form as "no limit"', () => {
    for (const text of ['1970-01-01 12:00', '1970-01-01T12:00:00.000Z', '1970-01-01T14:00+02:00'])
      expect(publishDateMoment(text)).toBeNull();
    expect(publishDateMoment('1970-01-01 12:00+02:00')).toBe(Date.UTC(1970, 0, 1, 10));
  });

  it('refuses what is not a date', () => {
    for (const text of ['', 'tomorrow', '5/1/2026', '2026-02-30', '2026-05-01 24:00', '2026-13-01'])
      expect(publishDateMoment(text)).toBeUndefined();
  });

  it('stores one canonical UTC form', () => {
    expect(publishDateText('2026-05-01 09:30')).toBe('2026-05-01T09:30:00.000Z');
    expect(publishDateText('2026-05-01T11:30:00+02:00')).toBe('2026-05-01T09:30:00.000Z');
    expect(publishDateText('1970-01-01T12:00:00Z')).toBe('1970-01-01 12:00');
    expect(publishDateText('soon')).toBeUndefined();
  });

  it('decides liveness and the next boundary from the same reading', () => {
    const now = Date.UTC(2026, 4, 1, 12);
    expect(isLiveBetween('1970-01-01 12:00', '1970-01-01 12:00', now)).toBe(true);
    expect(isLiveBetween('2026-05-01 13:00', '1970-01-01 12:00', now)).toBe(false);
    expect(isLiveBetween('2026-05-01 11:00', '2026-05-01 12:00', now)).toBe(false);
    expect(isLiveBetween('2026-05-01 11:00', '2026-05-01T14:00+02:00', now)).toBe(false);
    expect(
      nextPublishBoundary(['2026-05-01 11:00', '2026-05-01 15:00', '1970-01-01 12:00'], now),
    ).toBe(Date.UTC(2026, 4, 1, 15));
  });

  it('reads MM/DD/YYYY hh:mm AM/PM as UTC and stores what the ISO form stores', () => {
    expect(parsePublishDate('05/01/2026 09:30 AM')).toBe(publishDateText('2026-05-01 09:30'));
    expect(parsePublishDate('05/01/2026 09:30 AM')).toBe('2026-05-01T09:30:00.000Z');
    expect(parsePublishDate('12/31/2026 11:59 PM')).toBe('2026-12-31T23:59:00.000Z');
    expect(parsePublishDate('05/01/2026 12:00 AM')).toBe('2026-05-01T00:00:00.000Z');
    expect(parsePublishDate('05/01/2026 12:15 PM')).toBe('2026-05-01T12:15:00.000Z');
    expect(parsePublishDate(' 5/1/2026 9:30 pm ')).toBe('2026-05-01T21:30:00.000Z');
    expect(parsePublishDate('05/01/2026 21:30')).toBe('2026-05-01T21:30:00.000Z');
    expect(parsePublishDate('05/01/2026')).toBe('2026-05-01T00:00:00.000Z');
    expect(parsePublishDate('01/01/1970 12:00 PM')).toBe('1970-01-01 12:00');
  });

  it('refuses what is not an MM/DD/YYYY date', () => {
    for (const text of [
      '',
      '2026-05-01',
      '13/01/2026',
      '02/30/2026',
      '05/01/26',
      '05/01/2026 00:30 PM',
      '05/01/2026 13:00 PM',
      '05/01/2026 24:00',
      '05/01/2026 09:60 AM',
      '05/01/2026 9 AM',
    ])
      expect(parsePublishDate(text), text).toBeUndefined();
  });

  it('shows a stored date in the form it is entered in', () => {
    for (const stored of [
      '2026-05-01T09:30:00.000Z',
      '2026-05-01T00:00:00.000Z',
      '2026-05-01T12:15:00.000Z',
      '2026-12-31T23:59:00.000Z',
    ])
      expect(parsePublishDate(formatPublishDate(stored))).toBe(stored);
  });
});
