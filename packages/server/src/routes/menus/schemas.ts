/** Reply schemas of the menu tree and the sites (§7 Menus, references, sites). */
import { ITEM_TYPES, PERMISSIONS, type MenuItem } from '@canopy/core';
import { Type } from 'typebox';
import { Flag, Nullable } from '../../schemas/common';

/** A menu item and its children (core's MenuItem), registered once as `MenuItem`. */
export const MenuItemReply = Type.Object(
  {
    content_id: Type.String(),
    content_name: Type.String(),
    content_order: Type.Integer(),
    content_type_id: Nullable(Type.String()),
    template_type_id: Nullable(Type.String()),
    template_id: Nullable(Type.String()),
    item_type: Type.Enum(ITEM_TYPES),
    is_active: Flag,
    is_locked: Flag,
    locked_by: Nullable(Type.String()),
    lvl: Type.Integer(),
    parent_id: Nullable(Type.String()),
    path: Type.String(),
    custom_icon: Nullable(Type.String()),
    media_url: Nullable(Type.String()),
    page_url: Nullable(Type.String()),
    allowed_content_type: Type.String(),
    allowed_template_type: Type.String(),
    permissions: Type.Array(Type.Enum(PERMISSIONS), {
      description: "The caller's permissions on the item",
    }),
    children: Type.Unsafe<MenuItem[]>(Type.Array(Type.Ref('MenuItem'))),
  },
  { $id: 'MenuItem', description: 'An item of the tree: a content item or a template' },
);

export const MenuItemRef = Type.Unsafe<MenuItem>(Type.Ref('MenuItem'));
export const MenuTree = Type.Unsafe<MenuItem[]>(Type.Array(Type.Ref('MenuItem')));

const site = {
  site_id: Type.String(),
  site_name: Type.String(),
  root_content_id: Nullable(Type.String({ description: 'The home item' })),
  base_url: Nullable(Type.String()),
  created_date: Type.String(),
};

/** A site (core's Site). */
export const SiteReply = Type.Object(site);
export const SiteListReply = Type.Array(SiteReply);

/** A site with its view data (core's SiteDetail). */
export const SiteDetailReply = Type.Object({
  ...site,
  root: Nullable(
    Type.Object({
      content_id: Type.String(),
      content_name: Type.String(),
      page_url: Nullable(Type.String()),
      path: Type.String(),
    }),
  ),
  item_count: Type.Integer(),
  page_count: Type.Integer(),
});
