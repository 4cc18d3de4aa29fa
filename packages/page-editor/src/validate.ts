/**
 * Save's check before it sends anything (§5, §4 Picker fields): every field of the page and of
 * its live blocks against core's rules, the same functions the server runs. The first invalid
 * field is where the editor takes the person.
 */
import { validateFieldValue, type Template } from '@canopy/core';
import { draftBlocks, readValue, type DraftContent, type FieldTarget } from '@canopy/ui/draft';
import type { Templates } from './editor-context';

export interface InvalidField {
  target: FieldTarget;
  /** 'Heading', or 'Quote: Heading' for a block's field. */
  label: string;
  message: string;
}

function check(
  draft: DraftContent,
  template: Template | undefined,
  at: (templateBlockId: string) => FieldTarget,
  prefix: string,
): InvalidField | null {
  const blocks = Object.values(template?.template_blocks ?? {}).sort(
    (a, b) => a.block_order - b.block_order,
  );
  for (const block of blocks) {
    const definition = Object.values(block.template_fields)[0];
    if (!definition || definition.field_type === 'Dynamic Zone') continue;
    const target = at(block.block_id);
    const message = validateFieldValue(definition, readValue(draft, target));
    if (message) return { target, label: `${prefix}${block.block_name}`, message };
  }
  return null;
}

export function firstInvalidField(draft: DraftContent, templates: Templates): InvalidField | null {
  const own = check(
    draft,
    templates.item,
    (templateBlockId) => ({ kind: 'content', templateBlockId }),
    '',
  );
  if (own) return own;
  for (const block of draftBlocks(draft)) {
    if (block.cmsItemStatus?.delete) continue;
    const template = templates.byId.get(block.template_id);
    const found = check(
      draft,
      template,
      (templateBlockId) => ({ kind: 'block', blockId: block.block_id, templateBlockId }),
      `${template?.template_name ?? 'Block'}: `,
    );
    if (found) return found;
  }
  return null;
}
