/**
 * Micro-apps (SPEC §3 Micro-app instance, §5 Micro-app picker, §6, §9): the rules the registry,
 * the picker field and the site renderer share.
 */
import { MICROAPP_DEFAULT_MODIFIER_GROUP, MICROAPP_INSTANCE_SEPARATOR } from './constants';
import { REQUIRED_MESSAGE } from './validation/messages';
import { isUuid } from './validation/picker';

/** How a micro-app version runs on a page. */
export type MicroappRuntime = 'module' | 'frame';

/** The instance ids a picker value holds, in order, without blanks or repeats. */
export function splitInstanceIds(value: string | null | undefined): string[] {
  const ids = (value ?? '')
    .split(MICROAPP_INSTANCE_SEPARATOR)
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  return [...new Set(ids)];
}

/** The stored form of a picker value: the ids joined with '|' (§9). */
export function joinInstanceIds(ids: readonly string[]): string {
  return ids.join(MICROAPP_INSTANCE_SEPARATOR);
}

export const MICROAPP_INSTANCE_ID_MESSAGE =
  'Choose micro-app instances from the list: this value does not name an instance';

/** A picker value that names an instance the field's micro-app does not have. */
export function unknownInstanceMessage(ids: readonly string[], microappId: string | null): string {
  const which = microappId ? ` of the micro-app "${microappId}"` : '';
  return `No instance${which} has the id ${ids.join(', ')}; choose one from the list or create it`;
}

/**
 * Validates a Micro-app Reference Picker value by its form (§5): 'This field is required' when
 * required and empty; every id must look like an instance id. Whether the instances exist is
 * the server's check (`unknownInstanceMessage`).
 */
export function validateMicroappPickerValue(
  value: string | null | undefined,
  options: { required?: boolean } = {},
): string | null {
  const ids = splitInstanceIds(value);
  if (ids.length === 0) return options.required ? REQUIRED_MESSAGE : null;
  return ids.every(isUuid) ? null : MICROAPP_INSTANCE_ID_MESSAGE;
}

/** The role that stands for a directory group: 'PORTAL-EDITOR' is the role 'portal-editor'. */
export function roleIdOfGroup(group: string): string {
  return group.trim().toLowerCase();
}

/** The role whose members modify micro-app instances by default (§6, §9). */
export const MICROAPP_MODIFIER_ROLE_ID = roleIdOfGroup(MICROAPP_DEFAULT_MODIFIER_GROUP);

/**
 * Whether someone may modify (create, delete) instances whose modifier group is `group`:
 * administrators, and members of the role that stands for the group.
 */
export function canModifyMicroappInstances(
  who: { isAdmin: boolean; roleIds: readonly string[] },
  group: string = MICROAPP_DEFAULT_MODIFIER_GROUP,
): boolean {
  return who.isAdmin || who.roleIds.includes(roleIdOfGroup(group));
}

/** A valid custom element name: lower case, starting with a letter, with a hyphen (HTML). */
export function isCustomElementName(name: string): boolean {
  return /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/.test(name);
}

/** Where a micro-app's module or page may live: this server (a path) or an http(s) address. */
export function isMicroappUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !/[\s\\]/.test(url);
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A URL-safe unique name for an instance: the micro-app id and the instance name, slugged. */
export function instanceUniqueName(microappId: string, instanceName: string): string {
  const slug = `${microappId}-${instanceName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 120) || microappId;
}

/**
 * Attribute names an instance's settings may not take: the element's own (style, class, id...)
 * and the marker the site puts on it. Event handlers (`on...`) are refused by their prefix.
 */
const RESERVED_SETTING_NAMES = new Set([
  'class',
  'style',
  'id',
  'is',
  'slot',
  'part',
  'hidden',
  'tabindex',
  'autofocus',
  'contenteditable',
  'data-instance',
]);

/**
 * Why a setting name cannot be used, or null: the settings become the element's attributes on
 * the page, so they are plain lower-case names and never event handlers or the element's own.
 */
export function settingNameProblem(name: string): string | null {
  if (!/^[a-z][a-z0-9-]{0,62}$/.test(name)) {
    return `"${name}" cannot name a setting: use lower-case letters, digits and hyphens, starting with a letter`;
  }
  if (name.startsWith('on')) {
    return `"${name}" cannot name a setting: names starting with "on" are event handlers`;
  }
  if (RESERVED_SETTING_NAMES.has(name)) {
    return `"${name}" cannot name a setting: the page sets this attribute itself`;
  }
  return null;
}

/** The settings that may become attributes (a stored value from before the rule is cleaned). */
export function safeSettings(settings: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(settings).filter(
      ([name, value]) => settingNameProblem(name) === null && typeof value === 'string',
    ),
  );
}
