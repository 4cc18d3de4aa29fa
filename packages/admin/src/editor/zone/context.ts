/** What every part of one zone editor shares: the zone's layout, its blocks and its commands. */
import { createContext, useContext } from 'react';
import type { LayoutNode, LayoutPlacement, Template } from '@canopy/core';
import type { DraftRegion, EditorApi } from '@canopy/ui/draft';
import type { ZoneWidgets } from './widgets';

export interface ZoneApi {
  layout: LayoutNode;
  region: DraftRegion | null;
  widgets: ZoneWidgets;
  readOnly: boolean;
  /** Where the block being dragged would go now. */
  dropHint: LayoutPlacement | null;
  renderField: EditorApi['renderField'];
  /** The widget name a node shows (its block's template), or null for a node without a block. */
  nameOf: (nodeId: string) => string | null;
  add: (widget: Template, placement?: LayoutPlacement) => void;
  move: (nodeId: string, placement: LayoutPlacement) => void;
  remove: (nodeId: string) => void;
  restore: (blockId: string) => void;
  /** Registers the element that takes the focus back after its block was moved. */
  focusTarget: (nodeId: string, element: HTMLElement | null) => void;
}

export const ZoneContext = createContext<ZoneApi | null>(null);

export function useZone(): ZoneApi {
  const zone = useContext(ZoneContext);
  if (!zone) throw new Error('useZone must be used inside a zone editor');
  return zone;
}
