/** Dynamic Zone: the zone's blocks, added, moved and removed in the draft (see ../zone). */
import type { FieldKind } from '@canopy/ui/draft';
import { ZoneEditor } from '../zone/ZoneEditor';

export const zoneKind: FieldKind = { Editor: ZoneEditor };
