/**
 * The editor of each field type (§2 Field editors). Each type's module owns its editor and any
 * rule beyond core's validators.
 */
import type { FieldKindRegistry } from '@canopy/ui/draft';
import { checkboxKind, dropdownKind } from './choice';
import { mediaKind } from './media';
import { microappKind } from './microapp';
import { referenceKind } from './reference';
import { richTextKind } from './rich-text';
import { longTextKind, readOnlyKind, shortTextKind } from './text';
import { zoneKind } from './zone';

export const FIELD_KINDS: FieldKindRegistry = {
  'Short Text': shortTextKind,
  'Long Text': longTextKind,
  'Rich Text': richTextKind,
  Dropdown: dropdownKind,
  Checkbox: checkboxKind,
  'Read Only': readOnlyKind,
  'Media Library Asset': mediaKind,
  'Content Reference Picker': referenceKind,
  'Micro-app Reference Picker': microappKind,
  'Dynamic Zone': zoneKind,
};
