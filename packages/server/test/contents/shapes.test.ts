/**
 * The content replies are core's entity shapes: a property added to core's Content (or to what it
 * holds) fails the type check here until the reply schema sends it too, and the other way round.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { Static } from 'typebox';
import type {
  BlockField,
  Content,
  ContentBlock,
  ContentField,
  DynamicRegion,
  MenuItem,
  Site,
  SiteDetail,
  VersionSummary,
} from '@canopy/core';
import type {
  BlockFieldReply,
  ContentBlockReply,
  ContentFieldReply,
  ContentReply,
  DynamicRegionReply,
  LockReply,
  MovedReply,
  PageUrlsReply,
  VersionSummaryReply,
} from '../../src/routes/contents/schemas';
import type { MenuItemReply, SiteDetailReply, SiteReply } from '../../src/routes/menus/schemas';
import type { LockResult } from '../../src/operations/contents/lock';
import type { MoveResult } from '../../src/operations/contents/move-content';
import type { PageUrl } from '../../src/operations/contents/read-published';

describe('content reply schemas', () => {
  it('send a content version exactly as core defines it, down to its block fields', () => {
    expectTypeOf<Static<typeof BlockFieldReply>>().toEqualTypeOf<BlockField>();
    expectTypeOf<Static<typeof ContentBlockReply>>().toEqualTypeOf<ContentBlock>();
    expectTypeOf<Static<typeof DynamicRegionReply>>().toEqualTypeOf<DynamicRegion>();
    expectTypeOf<Static<typeof ContentFieldReply>>().toEqualTypeOf<ContentField>();
    expectTypeOf<Static<typeof VersionSummaryReply>>().toEqualTypeOf<VersionSummary>();
    expectTypeOf<Static<typeof ContentReply>>().toEqualTypeOf<Content>();
  });

  it('send the menu items and sites exactly as core defines them', () => {
    expectTypeOf<Static<typeof MenuItemReply>>().toEqualTypeOf<MenuItem>();
    expectTypeOf<Static<typeof SiteReply>>().toEqualTypeOf<Site>();
    expectTypeOf<Static<typeof SiteDetailReply>>().toEqualTypeOf<SiteDetail>();
  });

  it('send what the operations answer', () => {
    expectTypeOf<Static<typeof LockReply>>().toEqualTypeOf<LockResult>();
    expectTypeOf<Static<typeof MovedReply>>().toEqualTypeOf<MoveResult>();
    expectTypeOf<Static<typeof PageUrlsReply>>().toEqualTypeOf<PageUrl[]>();
  });
});
