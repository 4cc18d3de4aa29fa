/** Content types map to icons (UI.md Look); an item's own custom_icon is not a Tabler name here. */
import {
  IconFileText,
  IconFolder,
  IconPuzzle,
  IconPhoto,
  IconMovie,
  IconPlaylist,
  IconFileDescription,
  IconTemplate,
  IconLayoutGrid,
  IconFile,
} from '@tabler/icons-react';
import type { MenuItem } from '@canopy/core';

export function ItemIcon({
  item,
  size = 16,
}: {
  item: Pick<MenuItem, 'item_type' | 'content_type_id' | 'template_type_id'>;
  size?: number;
}) {
  const props = { size, stroke: 1.6, 'aria-hidden': true } as const;
  const type = item.item_type === 'template' ? item.template_type_id : item.content_type_id;
  switch (type) {
    case 'page':
      return <IconFileText {...props} />;
    case 'folder':
    case 'template-folder':
      return <IconFolder {...props} />;
    case 'content-fragment':
      return <IconPuzzle {...props} />;
    case 'image':
      return <IconPhoto {...props} />;
    case 'video':
      return <IconMovie {...props} />;
    case 'multi-stream-video':
      return <IconPlaylist {...props} />;
    case 'document':
      return <IconFileDescription {...props} />;
    case 'widget-template':
      return <IconLayoutGrid {...props} />;
    default:
      return item.item_type === 'template' ? <IconTemplate {...props} /> : <IconFile {...props} />;
  }
}
