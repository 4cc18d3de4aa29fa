/** A small template as the API sends it, for the editor's tests. */
import { blankField, type LoadedTemplate } from './draft';

export function loadedTemplate(): LoadedTemplate {
  const field = (blockId: string, name: string, type: string, order = 1) => ({
    ...blankField(`${blockId}-f${order}`, blockId, name),
    template_id: 't1',
    field_type: type,
    field_order: order,
  });
  return {
    template_id: 't1',
    template_name: 'Event',
    template_type_id: 'page-template',
    parent_id: 'folder',
    template_order: 1,
    path: 'folder.t1',
    lvl: 1,
    file_layout: 'event',
    widget_type: null,
    custom_icon_class: null,
    container_item_child_reference: null,
    widget_template_data: null,
    childLevelsNeeded: 0,
    allowed_content_type: '',
    allowed_template_type: '',
    updated_date: '2026-11-24T10:00:00.000Z',
    updated_by: 'admin',
    permissions: ['Edit', 'Create', 'Delete', 'Read'],
    template_blocks: {
      b1: {
        block_id: 'b1',
        template_id: 't1',
        block_name: 'Title',
        block_order: 1,
        template_fields: { Title: field('b1', 'Title', 'Short Text') },
      },
      b2: {
        block_id: 'b2',
        template_id: 't1',
        block_name: 'Theme',
        block_order: 2,
        template_fields: { Theme: { ...field('b2', 'Theme', 'Dropdown'), field_values: 'a|b' } },
      },
    },
  };
}
