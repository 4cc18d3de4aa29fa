/** Request and reply schemas of the template routes (§3 Template, Template block, Template field definition). */
import { FIELD_TYPES, PERMISSIONS, WIDGET_TYPES } from '@canopy/core';
import { Type } from 'typebox';
import { Flag, Nullable, Uuid } from '../../schemas/common';

const Text = (maxLength: number) => Type.String({ maxLength });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Order = Type.Integer({ minimum: 1 });

export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export const TemplateIdParams = Type.Object({ template_id: Uuid }, { additionalProperties: false });
export const BlockIdParams = Type.Object({ block_id: Uuid }, { additionalProperties: false });
export const FieldIdParams = Type.Object({ field_id: Uuid }, { additionalProperties: false });

const templateSettings = {
  template_name: Name,
  template_type_id: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'A template type id of GET /api/references/, e.g. page-template',
  }),
  file_layout: Nullable(Text(200)),
  widget_type: Nullable(Type.Enum(WIDGET_TYPES)),
  custom_icon_class: Nullable(Text(200)),
  container_item_child_reference: Nullable(Uuid),
  widget_template_data: Type.Unknown({ description: 'Any JSON value' }),
  childLevelsNeeded: Type.Integer({ minimum: 0, maximum: 20 }),
  allowed_content_type: Type.String({
    maxLength: 2000,
    description: 'Comma-separated content type ids',
  }),
  allowed_template_type: Type.String({
    maxLength: 2000,
    description: 'Comma-separated template type ids',
  }),
};
const optionalSettings = {
  template_name: Type.Optional(templateSettings.template_name),
  template_type_id: Type.Optional(templateSettings.template_type_id),
  file_layout: Type.Optional(templateSettings.file_layout),
  widget_type: Type.Optional(templateSettings.widget_type),
  custom_icon_class: Type.Optional(templateSettings.custom_icon_class),
  container_item_child_reference: Type.Optional(templateSettings.container_item_child_reference),
  widget_template_data: Type.Optional(templateSettings.widget_template_data),
  childLevelsNeeded: Type.Optional(templateSettings.childLevelsNeeded),
  allowed_content_type: Type.Optional(templateSettings.allowed_content_type),
  allowed_template_type: Type.Optional(templateSettings.allowed_template_type),
};

export const CreateTemplateBody = Type.Object(
  {
    ...optionalSettings,
    template_id: Type.Optional(Uuid),
    template_name: templateSettings.template_name,
    template_type_id: templateSettings.template_type_id,
    parent_id: Uuid,
  },
  { additionalProperties: false },
);

/** The template's updated_date as loaded: a write to a template that changed since gets 409. */
const LoadedDate = Type.Optional(
  Type.String({
    maxLength: 64,
    description: 'The updated_date you loaded; if the template changed since, 409',
  }),
);

export const UpdateTemplateBody = Type.Object(
  {
    ...optionalSettings,
    template_id: Type.Optional(Uuid),
    parent_id: Type.Optional(Uuid),
    template_order: Type.Optional(Order),
    updated_date: LoadedDate,
  },
  { additionalProperties: false },
);

export const CreateBlockBody = Type.Object(
  {
    block_id: Type.Optional(Uuid),
    template_id: Uuid,
    block_name: Name,
    block_order: Type.Optional(Order),
    updated_date: LoadedDate,
  },
  { additionalProperties: false },
);

export const UpdateBlockBody = Type.Object(
  {
    block_id: Type.Optional(Uuid),
    template_id: Type.Optional(Uuid),
    block_name: Type.Optional(Name),
    block_order: Type.Optional(Order),
    updated_date: LoadedDate,
  },
  { additionalProperties: false },
);

const definition = {
  field_type: Type.Optional(Type.Enum(FIELD_TYPES, { description: "Default 'Short Text'" })),
  allowed_widgets: Type.Optional(
    Nullable(Type.String({ maxLength: 4000, description: "Widget template ids joined by '|'" })),
  ),
  edit_in_behavior: Type.Optional(
    Nullable(
      Type.String({ maxLength: 200, description: "e.g. 'Page Properties Tab', 'Selected Tab'" }),
    ),
  ),
  is_required: Type.Optional(Flag),
  regex_validation: Type.Optional(Nullable(Text(4000))),
  validation_message: Type.Optional(Nullable(Text(4000))),
  default_value: Type.Optional(Nullable(Text(4000))),
  tool_tip: Type.Optional(Nullable(Text(4000))),
  field_values: Type.Optional(
    Nullable(Type.String({ maxLength: 4000, description: "Dropdown options joined by '|'" })),
  ),
  picker_root_item: Type.Optional(Nullable(Text(200))),
  restrict_to_content_type: Type.Optional(Nullable(Text(2000))),
  microapp_id: Type.Optional(Nullable(Text(200))),
  microapp_version: Type.Optional(Nullable(Text(100))),
  connect_to_doc_site: Type.Optional(Flag),
  field_order: Type.Optional(Order),
};

export const CreateFieldBody = Type.Object(
  {
    ...definition,
    field_id: Type.Optional(Uuid),
    block_id: Uuid,
    template_id: Type.Optional(Uuid),
    field_name: Name,
    updated_date: LoadedDate,
  },
  { additionalProperties: false },
);

export const UpdateFieldBody = Type.Object(
  {
    ...definition,
    field_id: Type.Optional(Uuid),
    block_id: Type.Optional(Uuid),
    template_id: Type.Optional(Uuid),
    field_name: Type.Optional(Name),
    updated_date: LoadedDate,
  },
  { additionalProperties: false },
);

// Replies.

export const FieldDefinitionReply = Type.Object({
  field_id: Type.String(),
  block_id: Type.String(),
  template_id: Type.String(),
  field_type: Type.String(),
  field_name: Type.String(),
  field_order: Type.Integer(),
  allowed_widgets: Nullable(Type.String()),
  edit_in_behavior: Nullable(Type.String()),
  is_required: Flag,
  regex_validation: Nullable(Type.String()),
  validation_message: Nullable(Type.String()),
  default_value: Nullable(Type.String()),
  tool_tip: Nullable(Type.String()),
  field_values: Nullable(Type.String()),
  picker_root_item: Nullable(Type.String()),
  restrict_to_content_type: Nullable(Type.String()),
  microapp_id: Nullable(Type.String()),
  microapp_version: Nullable(Type.String()),
  connect_to_doc_site: Flag,
});

export const BlockReply = Type.Object({
  block_id: Type.String(),
  template_id: Type.String(),
  block_name: Type.String(),
  block_order: Type.Integer(),
  template_fields: Type.Record(Type.String(), FieldDefinitionReply, {
    description: 'Keyed by field_name',
  }),
});

const templateReply = {
  template_id: Type.String(),
  template_name: Type.String(),
  template_type_id: Type.String(),
  parent_id: Nullable(Type.String()),
  template_order: Type.Integer(),
  path: Type.String(),
  lvl: Type.Integer(),
  template_blocks: Type.Record(Type.String(), BlockReply, { description: 'Keyed by block_id' }),
  file_layout: Nullable(Type.String()),
  widget_type: templateSettings.widget_type,
  custom_icon_class: Nullable(Type.String()),
  container_item_child_reference: Nullable(Type.String()),
  widget_template_data: Type.Unknown(),
  childLevelsNeeded: Type.Integer(),
  allowed_content_type: Type.String(),
  allowed_template_type: Type.String(),
  updated_date: Type.String(),
  updated_by: Nullable(Type.String()),
};
const Permissions = Type.Array(Type.Enum(PERMISSIONS), {
  description: "The caller's permissions on the template",
});

export const TemplateReply = Type.Object({ ...templateReply, permissions: Permissions });
export const WidgetListReply = Type.Array(Type.Object(templateReply));
export const SavedTemplateReply = Type.Object({
  status: Type.Literal('Success', { description: "The admin's reorder save checks for it" }),
  ...templateReply,
  permissions: Permissions,
});

export const ReferenceListReply = Type.Array(
  Type.Object({
    content_id: Type.String(),
    content_name: Type.String(),
    content_type_id: Type.String(),
    template_id: Nullable(Type.String()),
    parent_id: Nullable(Type.String()),
    site_id: Nullable(Type.String()),
    path: Type.String(),
    reference_type: Type.Enum(['template', 'widget']),
  }),
);

export const UpdatedInfoReply = Type.Object({
  updated_by: Type.String(),
  updated_date: Type.String(),
});

const Success = Type.Literal('Success');
export const DeletedTemplateReply = Type.Object({ status: Success, template_id: Type.String() });
export const DeletedBlockReply = Type.Object({ status: Success, block_id: Type.String() });
export const DeletedFieldReply = Type.Object({ status: Success, field_id: Type.String() });
