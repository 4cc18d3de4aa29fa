import { describe, expect, it } from 'vitest';
import {
  formatFileDimensions,
  formatFileSize,
  formatMonth,
  formatPublishDate,
  isDefaultDate,
  normaliseDate,
  truncateWidgetName,
} from './format';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1_000, '1000 B'],
    [1_001, '1 KB'],
    [1_499, '1 KB'],
    [1_500, '2 KB'],
    [12_345, '12 KB'],
    [999_999, '1000 KB'],
    [1_000_000, '1000 KB'],
    [1_000_001, '1.0 MB'],
    [1_500_000, '1.5 MB'],
    [1_549_999, '1.5 MB'],
    [100_000_000, '100.0 MB'],
  ])('%i bytes -> %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('throws on %s', (bytes) => {
    expect(() => formatFileSize(bytes)).toThrow(RangeError);
  });
});

describe('formatFileDimensions', () => {
  it('is width x height', () => {
    expect(formatFileDimensions(1920, 1080)).toBe('1920 x 1080');
  });
});

describe('normaliseDate', () => {
  it('adds midnight to a bare date', () => {
    expect(normaliseDate('2024-05-01')).toBe('2024-05-01T00:00:00');
    expect(normaliseDate('5/1/2024')).toBe('5/1/2024T00:00:00');
  });

  it('leaves dates that have a time, or 11 characters or more, alone', () => {
    expect(normaliseDate('2024-05-01T10:30:00')).toBe('2024-05-01T10:30:00');
    expect(normaliseDate('2024-05-01 ')).toBe('2024-05-01 ');
    expect(normaliseDate('10:30')).toBe('10:30');
    expect(normaliseDate('')).toBe('');
  });
});

describe('isDefaultDate', () => {
  it("recognises '1970-01-01 12:00' and its ISO forms", () => {
    expect(isDefaultDate('1970-01-01 12:00')).toBe(true);
    expect(isDefaultDate('1970-01-01T12:00')).toBe(true);
    expect(isDefaultDate('1970-01-01T12:00:00')).toBe(true);
    expect(isDefaultDate('1970-01-01T12:00:00.000Z')).toBe(true);
  });

  it('is false for any other date or none', () => {
    expect(isDefaultDate('1970-01-01 12:01')).toBe(false);
    expect(isDefaultDate('2024-01-01 12:00')).toBe(false);
    expect(isDefaultDate(null)).toBe(false);
    expect(isDefaultDate('')).toBe(false);
  });
});

describe('truncateWidgetName', () => {
  it('shows names of up to 30 characters whole', () => {
    const name = 'x'.repeat(30);
    expect(truncateWidgetName(name)).toEqual({ text: name, title: name });
  });

  it('cuts longer names to 31 characters plus an ellipsis, the full name as tooltip', () => {
    const name = 'Hero Banner With Background Video Loop';
    const shown = truncateWidgetName(name);
    expect(shown.text).toBe('Hero Banner With Background Vid...');
    expect(shown.text).toHaveLength(34);
    expect(shown.title).toBe(name);
  });

  it('cuts a 31-character name too', () => {
    expect(truncateWidgetName('y'.repeat(31)).text).toBe(`${'y'.repeat(31)}...`);
  });
});

describe('§9 date formats', () => {
  it('shows publish and unpublish dates as MM/DD/YYYY hh:mm AM/PM in UTC', () => {
    expect(formatPublishDate('2026-05-01T09:30:00.000Z')).toBe('05/01/2026 09:30 AM');
    expect(formatPublishDate('2026-05-01T11:30:00+02:00')).toBe('05/01/2026 09:30 AM');
    expect(formatPublishDate('2026-12-31 23:05')).toBe('12/31/2026 11:05 PM');
    expect(formatPublishDate('2026-05-01T00:00:00.000Z')).toBe('05/01/2026 12:00 AM');
    expect(formatPublishDate('2026-05-01T12:00:00.000Z')).toBe('05/01/2026 12:00 PM');
  });

  it('shows the default "no limit" date as nothing and keeps what is not a date', () => {
    expect(formatPublishDate('1970-01-01 12:00')).toBe('');
    expect(formatPublishDate('1970-01-01T12:00:00.000Z')).toBe('');
    expect(formatPublishDate('soon')).toBe('soon');
  });

  it('writes month-level dates as MM/YYYY', () => {
    expect(formatMonth(Date.UTC(2026, 4, 31, 23), 'UTC')).toBe('05/2026');
    expect(formatMonth(new Date(Date.UTC(2026, 11, 1)), 'UTC')).toBe('12/2026');
    const local = new Date(2026, 0, 15, 12);
    expect(formatMonth(local)).toBe('01/2026');
    expect(formatMonth(local.getTime())).toBe('01/2026');
  });
});
