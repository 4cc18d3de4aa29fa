/**
 * The breadcrumb trail of an item's header (UI.md): each ancestor a link to its item, the item
 * itself as plain text.
 */
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { MenuItem } from '@canopy/core';
import { itemRoute } from './forest';

export function ItemTrail({ trail, current }: { trail: MenuItem[]; current: string }) {
  return (
    <Breadcrumbs separator="/" mb={6} fz="sm">
      {trail.map((step) =>
        step.content_id === current ? (
          <Text key={step.content_id} size="sm" c="dimmed">
            {step.content_name}
          </Text>
        ) : (
          <Anchor key={step.content_id} component={Link} to={itemRoute(step)} size="sm">
            {step.content_name}
          </Anchor>
        ),
      )}
    </Breadcrumbs>
  );
}
