/** GET /api/references/: the reference data the admin loads once (§3 Reference data). */
import type { Db } from '../../db/index';
import { listTemplateTypes, type TemplateType } from '../../repositories/templates-types';

export interface ReferenceData {
  templatetypes: TemplateType[];
}

export async function referenceData(db: Db): Promise<ReferenceData> {
  return { templatetypes: await listTemplateTypes(db) };
}
