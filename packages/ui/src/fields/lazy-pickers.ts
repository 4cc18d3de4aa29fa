/**
 * The picker kinds as the page editor's panel takes them: the same editors as the admin's
 * (`./pickers`), each loaded (one chunk for the three) the first time such a field shows, so
 * they stay out of the editor's first load.
 */
import type { FieldKind } from '../draft';
import { lazyKind } from './lazy';
import type { PickerFieldType } from './pickers';

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
