/** Where an item may go in the tree (§4 Reorder, §5 Add Item). */
import { templateTypeOf } from './entities';
import { splitList } from './tree';

export interface ParentRules {
  allowed_content_type: string | null;
  allowed_template_type: string | null;
}

/**
 * Whether an item of `templateTypeId` may be a child of `parent`: its template type is among the
 * parent's allowed content types (as '{type}-template') or its allowed template types. A parent
 * that lists neither accepts any type.
 */
export function isAllowedChild(parent: ParentRules, templateTypeId: string): boolean {
  const contentTypes = splitList(parent.allowed_content_type);
  const templateTypes = splitList(parent.allowed_template_type);
  if (contentTypes.length === 0 && templateTypes.length === 0) return true;
  return (
    contentTypes.some(
      (type) => templateTypeOf(type) === templateTypeId || type === templateTypeId,
    ) || templateTypes.includes(templateTypeId)
  );
}

export const MOVE_NOT_ALLOWED_MESSAGE = 'This item is not allowed to be moved to this location';
export const INVALID_TEMPLATE_MESSAGE = 'Please select a valid template to create';
