/**
 * The editor of each field type (§2 Field editors). Each type's module owns its editor and any
 * rule beyond core's validators.
 */
import type { FieldKindRegistry } from '@canopy/ui/draft';
import { SHARED_FIELD_KINDS } from '@canopy/ui/fields';
import { PICKER_FIELD_KINDS } from '@canopy/ui/fields/pickers';
import { zoneKind } from './zone';

export const FIELD_KINDS: FieldKindRegistry = {
  ...SHARED_FIELD_KINDS,
  ...PICKER_FIELD_KINDS,
  'Dynamic Zone': zoneKind,
};
