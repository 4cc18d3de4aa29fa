/**
 * The field editors both editing surfaces use (§2 Field editors): Short Text, Long Text, Read
 * Only, Rich Text (Tiptap, loaded on demand), Dropdown and Checkbox; and the pickers (media,
 * content and micro-app references, `./pickers`), which the admin takes as they are and the page
 * editor's panel loads on demand. The admin adds the dynamic zone.
 */
import type { FieldType } from '@canopy/core';
import type { FieldKind } from '../draft';
import { checkboxKind, dropdownKind } from './choice';
import { lazyKind } from './lazy';
import type { PickerFieldType } from './pickers';
import { richTextKind } from './rich-text';
import { longTextKind, readOnlyKind, shortTextKind } from './text';

/** The field kinds both surfaces edit the same way. */
export const SHARED_FIELD_KINDS = {
  'Short Text': shortTextKind,
  'Long Text': longTextKind,
  'Rich Text': richTextKind,
  Dropdown: dropdownKind,
  Checkbox: checkboxKind,
  'Read Only': readOnlyKind,
} satisfies Partial<Record<FieldType, FieldKind>>;

/** The picker kinds, each loaded (one chunk for the three) the first time such a field shows. */
const lazyPicker = (type: PickerFieldType, height: number) =>
  lazyKind(
    async () => (await import('./pickers')).PICKER_FIELD_KINDS[type].Editor,
    () => height,
  );

export const LAZY_PICKER_KINDS = {
  'Media Library Asset': lazyPicker('Media Library Asset', 66),
  'Content Reference Picker': lazyPicker('Content Reference Picker', 66),
  'Micro-app Reference Picker': lazyPicker('Micro-app Reference Picker', 36),
} satisfies Record<PickerFieldType, FieldKind>;
