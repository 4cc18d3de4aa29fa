/**
 * The editor of each field type (§2 Field editors). Each type's module owns its editor and any
 * rule beyond core's validators.
 */
import type { FieldKindRegistry } from '@canopy/ui/draft';
import { SHARED_FIELD_KINDS } from '@canopy/ui/fields';
import { mediaKind } from './media';
import { microappKind } from './microapp';
import { referenceKind } from './reference';
import { zoneKind } from './zone';

export const FIELD_KINDS: FieldKindRegistry = {
  ...SHARED_FIELD_KINDS,
  'Media Library Asset': mediaKind,
  'Content Reference Picker': referenceKind,
  'Micro-app Reference Picker': microappKind,
  'Dynamic Zone': zoneKind,
};
