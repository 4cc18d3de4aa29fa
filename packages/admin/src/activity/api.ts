/** The audit record as the Activity screen and an item's History read it (GET /api/audit). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { paths } from '@canopy/client';
import { api, replyOf } from '../api';

export type AuditPage = paths['/api/audit']['get']['responses'][200]['content']['application/json'];
export type AuditEntry = AuditPage['entries'][number];

export interface AuditFilters {
  content_id?: string;
  user?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** What each action is called on screen. */
export const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  save: 'Saved',
  status: 'Status changed',
  move: 'Moved',
  lock: 'Locked',
  unlock: 'Unlocked',
  'force-unlock': 'Lock released by an administrator',
  lapse: 'Lock lapsed',
  handover: 'Lock handed over',
  draft: 'Draft created',
  'delete-draft': 'Draft deleted',
  delete: 'Deleted',
  touch: 'Marked updated',
  'template-create': 'Template created',
  'template-change': 'Template changed',
  'template-delete': 'Template deleted',
  'media-upload': 'File uploaded',
  'media-replace': 'File replaced',
  'media-delete': 'Media deleted',
  publish: 'Published',
  permissions: 'Permissions changed',
  'sign-in-failed': 'Sign-in failed',
  'user-create': 'User added',
  'user-change': 'User changed',
  'user-delete': 'User deleted',
  'site-create': 'Site created',
  'site-change': 'Site changed',
  'site-delete': 'Site deleted',
  'microapp-register': 'Micro-app registered',
  'microapp-change': 'Micro-app changed',
  'microapp-delete': 'Micro-app deleted',
  'instance-create': 'Micro-app instance created',
  'instance-change': 'Micro-app instance changed',
  'instance-delete': 'Micro-app instance deleted',
};

/** Actions whose entries only administrators read: no filter offers them to anyone else. */
export const ADMIN_ONLY_ACTIONS = [
  'permissions',
  'sign-in-failed',
  'user-create',
  'user-change',
  'user-delete',
];

/** Where an entry's item opens: templates in the template editor, the rest as content. */
export function itemPath(entry: AuditEntry): string {
  return entry.item_type === 'template'
    ? `/templates/${entry.content_id}`
    : `/content/${entry.content_id}`;
}

export async function readAudit(
  filters: AuditFilters,
  cursor: string | null,
  limit = 50,
): Promise<AuditPage> {
  const query = Object.fromEntries(
    Object.entries({ ...filters, ...(cursor ? { cursor } : {}), limit }).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  );
  return replyOf(await api().GET('/api/audit', { params: { query } }));
}

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam }) => readAudit(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

/** An item's newest entries (its History). */
export const itemActivityQuery = (contentId: string) =>
  queryOptions({
    queryKey: ['audit', { content_id: contentId }, 'latest'],
    queryFn: () => readAudit({ content_id: contentId }, null, 20),
  });

/** Every entry the filters select, page after page (the export). */
export async function readAllAudit(filters: AuditFilters): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: AuditPage = await readAudit(filters, cursor, 500);
    all.push(...page.entries);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

/** One line of words for an entry's details (the fields a save changed, a status change, ...). */
export function describeDetails(entry: AuditEntry): string {
  const details = entry.details ?? {};
  const parts: string[] = [];
  const count = (key: string, word: string) => {
    const list = details[key];
    if (Array.isArray(list) && list.length > 0)
      parts.push(`${list.length} ${word}${list.length === 1 ? '' : 's'}`);
  };
  count('content_fields', 'field');
  count('dynamic_content_regions', 'zone');
  count('content_blocks', 'block');
  count('content_blocks_fields', 'block field');
  const status = details.status as { from?: string; to?: string } | undefined;
  if (status) parts.push(`${status.from} → ${status.to}`);
  if (typeof details.holder === 'string') parts.push(`held by ${details.holder}`);
  if (typeof details.to === 'string') parts.push(`to ${details.to}`);
  if (typeof details.copied_from === 'number') parts.push(`from version ${details.copied_from}`);
  parts.push(...describeSubject(entry.action, details));
  parts.push(...describeSettings(details));
  return parts.join(', ');
}

/** Who or what a user, site or micro-app entry is about, and what of it changed. */
function describeSubject(action: string, details: Record<string, unknown>): string[] {
  const parts: string[] = [];
  const text = (key: string) => (typeof details[key] === 'string' ? details[key] : null);
  if (action.startsWith('user-') && text('username')) parts.push(`user ${text('username')}`);
  if (text('site_name')) parts.push(`site ${text('site_name')}`);
  if (text('instance_name'))
    parts.push(`instance ${text('instance_name')} of ${String(details.microapp_id)}`);
  else if (text('microapp_id')) parts.push(`micro-app ${text('name') ?? text('microapp_id')}`);
  if (Array.isArray(details.roles) && details.roles.length > 0)
    parts.push(`roles ${details.roles.join(', ')}`);
  if (Array.isArray(details.changed) && details.changed.length > 0)
    parts.push(`changed ${details.changed.join(', ').replaceAll('_', ' ')}`);
  if ('focal_point' in details)
    parts.push(
      details.focal_point ? `focal point ${String(details.focal_point)}` : 'focal point cleared',
    );
  if (details.disabled === 1) parts.push('account disabled');
  if (details.disabled === 0) parts.push('account enabled');
  return parts;
}

/** Where a failed sign-in was tried. */
const WHERE: Record<string, string> = { token: 'token request', 'api-key': 'API key' };

const SETTING_WORDS: Record<string, string> = { '1': 'granted', '0': 'refused', null: 'inherited' };

/** The words for permission, template, media, publish and sign-in entries. */
function describeSettings(details: Record<string, unknown>): string[] {
  const parts: string[] = [];
  const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
  const permissions = details.permissions as Record<string, number | null> | undefined;
  if (typeof details.role_id === 'string' && permissions) {
    const set = Object.entries(permissions).map(
      ([id, value]) => `${id} ${SETTING_WORDS[String(value)]}`,
    );
    parts.push(`role ${details.role_id}: ${set.join(', ')}`);
  }
  if (typeof details.role === 'string')
    parts.push(`role ${String(details.role_id)} ${details.role}d`);
  if (typeof details.api_key === 'string') {
    const role = typeof details.role_id === 'string' ? ` (role ${details.role_id})` : '';
    parts.push(`API key ${String(details.name)}${role} ${details.api_key}d`);
  }
  if (typeof details.username === 'string') {
    if (list(details.roles_added))
      parts.push(`${details.username} gets ${list(details.roles_added)}`);
    if (list(details.roles_removed))
      parts.push(`${details.username} loses ${list(details.roles_removed)}`);
  }
  if (typeof details.change === 'string') parts.push(details.change.replace('-', ' '));
  if (list(details.settings)) parts.push(`settings: ${list(details.settings)}`);
  if (typeof details.file === 'string') parts.push(details.file);
  if (details.folder === true) parts.push("every file of the video's folder");
  if (typeof details.release_id === 'string') {
    const versions = Number(details.versions ?? 0);
    parts.push(
      `${String(details.mode)}, ${versions} version${versions === 1 ? '' : 's'}, release ${details.release_id.slice(0, 8)}`,
    );
    parts.push(
      typeof details.build_id === 'string' ? `build ${details.build_id.slice(0, 8)}` : 'no build',
    );
  }
  if (typeof details.reason === 'string') {
    const where = WHERE[String(details.endpoint)] ?? 'sign-in page';
    parts.push(
      `${where}: ${details.reason}${details.address ? ` from ${String(details.address)}` : ''}`,
    );
    const earlier = Number(details.refused_since_last_record ?? 0);
    if (earlier > 0) parts.push(`${earlier} more refused since the one recorded before`);
  }
  return parts;
}

const CSV_COLUMNS = [
  'audit_date',
  'actor_kind',
  'actor',
  'actor_name',
  'action',
  'content_id',
  'content_name',
  'version',
  'details',
] as const;

/**
 * RFC 4180 CSV with a header line; details as JSON. A cell a spreadsheet would read as a formula
 * (=, +, -, @) starts with an apostrophe.
 */
export function toCsv(entries: readonly AuditEntry[]): string {
  const cell = (value: unknown) => {
    const raw =
      value == null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    const text = /^[=+\-@]/.test(raw) ? `'${raw}` : raw;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = entries.map((entry) => CSV_COLUMNS.map((column) => cell(entry[column])).join(','));
  return [CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
