/**
 * The server's half of the Micro-app Reference Picker rule: every instance id a value holds must
 * name an instance of the field's micro-app (and version, when the field restricts it). The
 * instances a request names are read once, before its values are checked one by one.
 */
import { isUuid, splitInstanceIds, unknownInstanceMessage } from '@canopy/core';
import type { Db } from '../../db/index';

export type InstanceIndex = Map<string, { microapp_id: string; instance_version: string }>;

/** The instances named anywhere in `values` (only ids that could be instance ids are looked up). */
export async function loadInstanceIndex(
  db: Db,
  values: readonly (string | null | undefined)[],
): Promise<InstanceIndex> {
  const ids = [...new Set(values.flatMap((value) => splitInstanceIds(value)).filter(isUuid))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('microapp_instances')
    .select(['instance_id', 'microapp_id', 'instance_version'])
    .where('instance_id', 'in', ids)
    .execute();
  return new Map(rows.map(({ instance_id, ...rest }) => [instance_id, rest]));
}

/** The message for a value naming unknown or foreign instances, or null when every id is fine. */
export function microappPickerProblem(
  index: InstanceIndex,
  field: { microapp_id?: string | null; microapp_version?: string | null },
  value: string | null | undefined,
): string | null {
  const wrong = splitInstanceIds(value).filter((id) => {
    const instance = index.get(id);
    if (!instance) return true;
    if (field.microapp_id && instance.microapp_id !== field.microapp_id) return true;
    return !!field.microapp_version && instance.instance_version !== field.microapp_version;
  });
  return wrong.length > 0 ? unknownInstanceMessage(wrong, field.microapp_id ?? null) : null;
}
