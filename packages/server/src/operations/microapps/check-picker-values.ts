/**
 * The server's half of the Micro-app Reference Picker rule: every instance id a value holds must
 * name an instance of the field's micro-app (and version, when the field restricts it).
 */
import { splitInstanceIds, unknownInstanceMessage } from '@canopy/core';
import type { Db } from '../../db/index';

export interface MicroappPickerValue {
  microapp_id: string | null;
  microapp_version: string | null;
  value: string | null;
}

/** The message for each value that names an unknown or foreign instance (null when fine). */
export async function checkMicroappPickerValues(
  db: Db,
  values: readonly MicroappPickerValue[],
): Promise<(string | null)[]> {
  const ids = [...new Set(values.flatMap((v) => splitInstanceIds(v.value)))];
  const found =
    ids.length === 0
      ? []
      : await db
          .selectFrom('microapp_instances')
          .select(['instance_id', 'microapp_id', 'instance_version'])
          .where('instance_id', 'in', ids)
          .execute();
  const byId = new Map(found.map((row) => [row.instance_id, row]));
  return values.map((v) => {
    const wrong = splitInstanceIds(v.value).filter((id) => {
      const instance = byId.get(id);
      if (!instance) return true;
      if (v.microapp_id && instance.microapp_id !== v.microapp_id) return true;
      return !!v.microapp_version && instance.instance_version !== v.microapp_version;
    });
    return wrong.length > 0 ? unknownInstanceMessage(wrong, v.microapp_id) : null;
  });
}
