/**
 * What 'Add Item' offers (§2 Dialogs, §3, §5 Add Item), built from the template folders: under a
 * content item the 'New Content from Template' tree (the content templates the parent allows),
 * under a template folder the 'New Template' tree (the template types its folders hold).
 */
import { isAllowedChild, isMediaContentType, type MenuItem } from '@canopy/core';

/** The template type of a template folder. */
const TEMPLATE_FOLDER_TYPE = 'template-folder';

/** The media content type a template creates ('image', 'multi-stream-video'...), else null. */
export function mediaTypeOf(template: Pick<MenuItem, 'template_type_id'>): string | null {
  const type = template.template_type_id?.replace(/-template$/, '') ?? '';
  return isMediaContentType(type) ? type : null;
}

/** A template someone may create content from (not a folder, not a widget). */
function isContentTemplate(item: MenuItem): boolean {
  const type = item.template_type_id ?? '';
  return (
    item.item_type === 'template' && type !== TEMPLATE_FOLDER_TYPE && type !== 'widget-template'
  );
}

/** One choice of the dialog: what to create, and from which template or of which type. */
export interface Choice {
  /** Unique among the dialog's choices. */
  key: string;
  label: string;
  /** The template type the new item has: its template's, or the new template's own. */
  templateTypeId: string;
  /** Content from a template: that template. A new template: null. */
  template: MenuItem | null;
}

export interface ChoiceGroup {
  folder: string;
  choices: Choice[];
}

const folders = (roots: readonly MenuItem[]): MenuItem[] => {
  const found: MenuItem[] = [];
  const walk = (folder: MenuItem) => {
    found.push(folder);
    folder.children.filter((child) => child.children.length > 0).forEach(walk);
  };
  roots.forEach(walk);
  return found;
};

/** 'New Content from Template': each template folder's content templates the parent allows. */
export function contentChoices(parent: MenuItem, templateRoots: MenuItem[]): ChoiceGroup[] {
  return folders(templateRoots)
    .map((folder) => ({
      folder: folder.content_name,
      choices: folder.children
        .filter(
          (child) =>
            isContentTemplate(child) && isAllowedChild(parent, child.template_type_id ?? ''),
        )
        .map((template) => ({
          key: template.content_id,
          label: template.content_name,
          templateTypeId: template.template_type_id ?? '',
          template,
        })),
    }))
    .filter((group) => group.choices.length > 0);
}

/**
 * 'New Template': each template folder's template types (those of the templates it holds, and a
 * folder), as the parent allows them, named as the reference data names them.
 */
export function templateChoices(
  parent: MenuItem,
  templateRoots: MenuItem[],
  typeNames: ReadonlyMap<string, string>,
): ChoiceGroup[] {
  return folders(templateRoots)
    .map((folder) => {
      const types = new Set(
        folder.children.map((child) => child.template_type_id ?? '').filter(Boolean),
      );
      types.add(TEMPLATE_FOLDER_TYPE);
      return {
        folder: folder.content_name,
        choices: [...types]
          .filter((type) => isAllowedChild(parent, type))
          .map((type) => ({
            key: `${folder.content_id}:${type}`,
            label: typeNames.get(type) ?? type,
            templateTypeId: type,
            template: null,
          })),
      };
    })
    .filter((group) => group.choices.length > 0);
}
