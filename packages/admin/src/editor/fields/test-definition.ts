/** For component tests: a template field definition with every property (§3), all unset. */
import type { TemplateFieldDefinition } from '@canopy/core';

export function fieldDefinition(extra: Partial<TemplateFieldDefinition>): TemplateFieldDefinition {
  return {
    field_id: 'f1',
    block_id: 'b1',
    field_type: 'Short Text',
    field_name: 'Field',
    allowed_widgets: null,
    edit_in_behavior: null,
    is_required: 0,
    regex_validation: null,
    validation_message: null,
    default_value: null,
    tool_tip: null,
    field_values: null,
    picker_root_item: null,
    restrict_to_content_type: null,
    microapp_id: null,
    microapp_version: null,
    connect_to_doc_site: 0,
    ...extra,
  };
}
