/** The committed API types must be what the server's OpenAPI document generates today. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generateApiTypes } from '../scripts/openapi';

describe('generated API types', () => {
  it('match the server routes (run `npm run generate -w @canopy/client` after changing a route)', async () => {
    const committed = readFileSync(GENERATED_FILE, 'utf8');
    expect(await generateApiTypes()).toBe(committed);
  });
});
