/** The Activity export and the words for an entry's details. */
import { describe, expect, it } from 'vitest';
import { describeDetails, itemPath, toCsv, type AuditEntry } from './api';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  audit_id: '2026-05-01T09:00:00.000Z-1',
  audit_date: '2026-05-01T09:00:00.000Z',
  actor_kind: 'user',
  actor: 'nina',
  actor_name: 'Nina North',
  action: 'save',
  content_id: 'c1',
  content_name: 'About',
  item_type: 'content',
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

  it('says what permission, template, media, publish and sign-in entries did', () => {
    const say = (action: string, details: Record<string, unknown>) =>
      describeDetails(entry({ action, details }));
    expect(
      say('permissions', { role_id: 'editors', permissions: { Read: 1, Edit: 0, Delete: null } }),
    ).toBe('role editors: Read granted, Edit refused, Delete inherited');
    expect(
      say('permissions', { username: 'rita', roles_added: ['a', 'b'], roles_removed: ['c'] }),
    ).toBe('rita gets a, b, rita loses c');
    expect(say('permissions', { role: 'delete', role_id: 'interns' })).toBe('role interns deleted');
    expect(say('permissions', { api_key: 'create', name: 'ci', role_id: 'author' })).toBe(
      'API key ci (role author) created',
    );
    expect(say('template-change', { change: 'field-create', field_id: 'f' })).toBe('field create');
    expect(say('template-change', { settings: ['template_name', 'file_layout'] })).toBe(
      'settings: template_name, file_layout',
    );
    expect(say('media-replace', { file: 'photo.jpg', size: 1200 })).toBe('photo.jpg');
    expect(say('media-delete', { folder: true })).toBe("every file of the video's folder");
    expect(say('save', { focal_point: '0.1,0.5' })).toBe('focal point 0.1,0.5');
    expect(say('save', { focal_point: null })).toBe('focal point cleared');
    expect(
      say('publish', {
        release_id: '12345678-aaaa',
        build_id: 'abcdef01-bbbb',
        mode: 'delivery',
        versions: 1,
      }),
    ).toBe('delivery, 1 version, release 12345678, build abcdef01');
    expect(
      say('publish', { release_id: '12345678-aaaa', build_id: null, mode: 'preview', versions: 0 }),
    ).toBe('preview, 0 versions, release 12345678, no build');
    expect(
      say('sign-in-failed', {
        endpoint: 'sign-in',
        reason: 'account disabled',
        address: '10.0.0.9',
      }),
    ).toBe('sign-in page: account disabled from 10.0.0.9');
    expect(say('sign-in-failed', { endpoint: 'api-key', reason: 'revoked API key' })).toBe(
      'API key: revoked API key',
    );
    expect(
      say('sign-in-failed', {
        endpoint: 'api-key',
        reason: 'unknown API key',
        refused_since_last_record: 41,
      }),
    ).toBe('API key: unknown API key, 41 more refused since the one recorded before');
  });

  it('says which user, site, micro-app or instance an entry is about and what changed', () => {
    const say = (action: string, details: Record<string, unknown>) =>
      describeDetails(entry({ action, details }));
    expect(say('user-create', { username: 'rita', roles: ['editor'] })).toBe(
      'user rita, roles editor',
    );
    expect(
      say('user-change', { username: 'rita', changed: ['password', 'disabled'], disabled: 1 }),
    ).toBe('user rita, changed password, disabled, account disabled');
    expect(
      say('site-change', { site_id: 's', site_name: 'Intranet', changed: ['site_name'] }),
    ).toBe('site Intranet, changed site name');
    expect(say('microapp-register', { microapp_id: 'news', name: 'Newsletter' })).toBe(
      'micro-app Newsletter',
    );
    expect(say('instance-delete', { instance_name: 'Footer signup', microapp_id: 'news' })).toBe(
      'instance Footer signup of news',
    );
  });

  it('opens a template entry in the template editor and the rest as content', () => {
    const path = (item_type: AuditEntry['item_type'], content_id: string) =>
      itemPath(entry({ action: 'permissions', item_type, content_id }));
    expect(path('template', 't1')).toBe('/templates/t1');
    expect(path('content', 'm1')).toBe('/content/m1');
  });
});
