/**
 * The field editors both editing surfaces use (§2 Field editors): Short Text, Long Text, Read
 * Only, Rich Text (Tiptap, loaded on demand), Dropdown and Checkbox; the pickers (media,
 * content and micro-app references) are in `./pickers`, which the admin takes as they are, and
 * `./lazy-pickers`, which the page editor's panel loads on demand. The admin adds the dynamic
 * zone.
 */
import type { FieldType } from '@canopy/core';
import type { FieldKind } from '../draft';
import { checkboxKind, dropdownKind } from './choice';
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
