/**
 * The picker field kinds (§2 Field editors, §4 Picker fields): Media Library Asset, Content
 * Reference Picker and Micro-app Reference Picker. The admin's item editor uses them as they
 * are; the page editor's panel loads them on demand (`LAZY_PICKER_KINDS` in ./index).
 */
import type { FieldType } from '@canopy/core';
import type { FieldKind } from '../draft';
import { mediaKind } from './media';
import { microappKind } from './microapp';
import { referenceKind } from './reference';

export { mediaItemIdOf, MediaEditor, mediaKind } from './media';
export { MICROAPP_TOASTS, MicroappPicker, microappKind } from './microapp';
export { ReferenceEditor, referenceKind } from './reference';
export { commit, OpenItemButton, PickerShell } from './picker-shell';

export const PICKER_FIELD_KINDS = {
  'Media Library Asset': mediaKind,
  'Content Reference Picker': referenceKind,
  'Micro-app Reference Picker': microappKind,
} satisfies Partial<Record<FieldType, FieldKind>>;

export type PickerFieldType = keyof typeof PICKER_FIELD_KINDS;
