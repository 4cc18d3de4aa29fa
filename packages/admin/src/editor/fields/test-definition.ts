/** For component tests: a template field definition with every property (§3), all unset. */
import { BLANK_FIELD_DEFINITION, type TemplateFieldDefinition } from '@canopy/core';

export function fieldDefinition(extra: Partial<TemplateFieldDefinition>): TemplateFieldDefinition {
  return {
    ...BLANK_FIELD_DEFINITION,
    field_id: 'f1',
    block_id: 'b1',
    field_name: 'Field',
    ...extra,
  };
}
