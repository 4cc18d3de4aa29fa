/** What a micro-app registration must hold, and who may read or change the registry. */
import {
  canModifyMicroappInstances,
  isCustomElementName,
  isMicroappUrl,
  MICROAPP_DEFAULT_MODIFIER_GROUP,
  settingNameProblem,
  type MicroappRuntime,
} from '@canopy/core';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import type { ClientApi } from '../../repositories/microapps';

export interface MicroappVersionInput {
  version: string;
  runtime: MicroappRuntime;
  module_url?: string | null;
  element_name?: string | null;
  frame_url?: string | null;
  frame_height?: number | null;
}

export interface ClientApiInput {
  name: string;
  url: string;
  method?: string;
}

/** Signed-in people and API keys read the registry; anonymous readers do not. */
export function requireRegistryReader(actor: Actor): void {
  if (actor.kind === 'public') fail('UNAUTHENTICATED', 'Sign in to read the micro-app registry');
}

export function requireInstanceModifier(
  actor: Actor,
  group: string = MICROAPP_DEFAULT_MODIFIER_GROUP,
): void {
  if (!canModifyMicroappInstances(actor, group)) {
    fail(
      'FORBIDDEN',
      `Only members of ${group} or administrators can create, change or delete micro-app instances`,
    );
  }
}

/** Checks each version says how it runs, and returns the rows to store, in the order given. */
export function checkVersions(microappId: string, versions: readonly MicroappVersionInput[]) {
  if (versions.length === 0) fail('VALIDATION_FAILED', 'A micro-app needs at least one version');
  const seen = new Set<string>();
  return versions.map((input, index) => {
    const version = input.version.trim();
    if (!version) fail('VALIDATION_FAILED', `Version ${index + 1} needs a version name`);
    if (seen.has(version)) fail('VALIDATION_FAILED', `Version "${version}" is listed twice`);
    seen.add(version);
    const where = `Version "${version}"`;
    if (input.runtime === 'module') {
      if (!input.module_url || !isMicroappUrl(input.module_url)) {
        fail(
          'VALIDATION_FAILED',
          `${where} runs as a module: give module_url, a path on this server or an http(s) address`,
        );
      }
      if (!input.element_name || !isCustomElementName(input.element_name)) {
        fail(
          'VALIDATION_FAILED',
          `${where} runs as a module: give element_name, the custom element it defines (lower case, with a hyphen, e.g. loan-calculator)`,
        );
      }
    } else if (!input.frame_url || !isMicroappUrl(input.frame_url)) {
      fail(
        'VALIDATION_FAILED',
        `${where} runs in a frame: give frame_url, a path on this server or an http(s) address`,
      );
    }
    return {
      microapp_id: microappId,
      version,
      runtime: input.runtime,
      module_url: input.runtime === 'module' ? input.module_url! : null,
      element_name: input.runtime === 'module' ? input.element_name! : null,
      frame_url: input.runtime === 'frame' ? input.frame_url! : null,
      frame_height: input.runtime === 'frame' ? (input.frame_height ?? null) : null,
      version_order: index + 1,
    };
  });
}

export function checkClientApis(apis: readonly ClientApiInput[]): ClientApi[] {
  return apis.map((api) => {
    const name = api.name.trim();
    if (!name) fail('VALIDATION_FAILED', 'Each registered client API needs a name');
    if (!isMicroappUrl(api.url)) {
      fail(
        'VALIDATION_FAILED',
        `The API "${name}" needs a url: a path on this server or an http(s) address`,
      );
    }
    return { name, url: api.url, method: (api.method ?? 'GET').toUpperCase() };
  });
}

/** Refuses a name another micro-app of the same site already has. */
export async function checkNameFree(
  db: Db,
  siteId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  let query = db
    .selectFrom('microapps')
    .select('microapp_id')
    .where('site_id', '=', siteId)
    .where('name', '=', name);
  if (exceptId) query = query.where('microapp_id', '!=', exceptId);
  const clash = await query.executeTakeFirst();
  if (clash) {
    fail('ALREADY_EXISTS', `This site already has a micro-app named "${name}"`, {
      microapp_id: clash.microapp_id,
    });
  }
}

export function microappNotFound(id: string): never {
  fail('NOT_FOUND', `No micro-app has the id "${id}"`);
}

/** Refuses settings whose names may not become the element's attributes. */
export function checkSettings(configuration: Record<string, string> | undefined): void {
  for (const name of Object.keys(configuration ?? {})) {
    const problem = settingNameProblem(name);
    if (problem) fail('VALIDATION_FAILED', problem);
  }
}

/**
 * The instance a change or delete names, once the caller may modify it: someone who may not
 * modify instances learns nothing about them (403 before 404); then the instance's own
 * modifier group decides.
 */
export async function modifiableInstance(
  db: Db,
  actor: Actor,
  microappId: string,
  instanceId: string,
): Promise<{ instance_name: string }> {
  const instance = await db
    .selectFrom('microapp_instances')
    .select(['ad_groups_modify', 'instance_name'])
    .where('instance_id', '=', instanceId)
    .where('microapp_id', '=', microappId)
    .executeTakeFirst();
  if (!instance) {
    requireInstanceModifier(actor);
    fail('NOT_FOUND', `The micro-app "${microappId}" has no instance ${instanceId}`);
  }
  requireInstanceModifier(actor, instance.ad_groups_modify);
  return { instance_name: instance.instance_name };
}
