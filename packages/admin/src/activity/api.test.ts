/** The Activity export and the words for an entry's details. */
import { describe, expect, it } from 'vitest';
import { describeDetails, toCsv, type AuditEntry } from './api';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  audit_id: '2026-05-01T09:00:00.000Z-1',
  audit_date: '2026-05-01T09:00:00.000Z',
  actor_kind: 'user',
  actor: 'nina',
  actor_name: 'Nina North',
  action: 'save',
  content_id: 'c1',
  content_name: 'About',
  version: 2,
  details: null,
  ...over,
});

describe('the activity export', () => {
  it('writes CSV a spreadsheet reads as data: quoted cells, JSON details, no formulas', () => {
    const csv = toCsv([
      entry({ content_name: 'Team, "North"', details: { content_fields: ['f1'] } }),
      entry({ content_name: '=HYPERLINK("x")', version: null }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'audit_date,actor_kind,actor,actor_name,action,content_id,content_name,version,details',
      '2026-05-01T09:00:00.000Z,user,nina,Nina North,save,c1,"Team, ""North""",2,"{""content_fields"":[""f1""]}"',
      `2026-05-01T09:00:00.000Z,user,nina,Nina North,save,c1,"'=HYPERLINK(""x"")",,`,
      '',
    ]);
  });

  it('says what a write changed in words', () => {
    expect(
      describeDetails(entry({ details: { content_fields: ['a', 'b'], content_blocks: ['c'] } })),
    ).toBe('2 fields, 1 block');
    expect(describeDetails(entry({ details: { status: { from: 'draft', to: 'staged' } } }))).toBe(
      'draft → staged',
    );
    expect(describeDetails(entry({ details: { holder: 'omar' } }))).toBe('held by omar');
    expect(describeDetails(entry({}))).toBe('');
  });
});
