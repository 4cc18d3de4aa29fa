/** CANOPY_PRESENCE_SECONDS: a whole number of seconds, at least 5; 50 when not set. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('CANOPY_PRESENCE_SECONDS', () => {
  it('is 50 by default and takes a whole number of seconds from 5', () => {
    expect(loadConfig({}).presenceSeconds).toBe(50);
    expect(loadConfig({ CANOPY_PRESENCE_SECONDS: '12' }).presenceSeconds).toBe(12);
  });

  it('refuses anything else, saying what it takes', () => {
    for (const value of ['3', '7.5', 'soon']) {
      expect(() => loadConfig({ CANOPY_PRESENCE_SECONDS: value })).toThrow(
        `CANOPY_PRESENCE_SECONDS must be a whole number of seconds (at least 5), got "${value}"`,
      );
    }
  });
});
