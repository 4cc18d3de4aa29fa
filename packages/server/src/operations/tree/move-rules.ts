/**
 * The rules every reorder and move of the tree follows (§4 Reorder), content and templates alike:
 * one function both call, so the two kinds of item can never drift apart. What a new parent
 * accepts (allowed content or template types) stays with each kind; access to the item itself
 * (Edit) is checked by the caller first.
 */
import { MOVE_NOT_ALLOWED_MESSAGE } from '@canopy/core';
import type { Actor } from '../../auth/actor';
import { ancestry, permissionsOn } from '../../access/permissions';
import type { Db } from '../../db/index';
import { fail } from '../../errors';

export interface Placement {
  /** The item being placed, as it is now. */
  item: { id: string; parent_id: string | null; name: string };
  /** Where it goes: its parent (unchanged when the same) and its order there. */
  parentId: string | null;
  order: number;
  /** The order field's name in the request, for the message. */
  orderField: 'content_order' | 'template_order';
  /** A fixed root of the tree (the template roots) never moves. */
  fixedRoot?: boolean;
}

/** Refuses a placement the tree rules forbid; answers whether the item changes parent. */
export async function requirePlacementAllowed(
  db: Db,
  actor: Actor,
  placement: Placement,
): Promise<{ moving: boolean }> {
  const { item, parentId, order } = placement;
  if (!Number.isInteger(order) || order < 1) {
    fail(
      'VALIDATION_FAILED',
      `The field "${placement.orderField}" must be a whole number of 1 or more`,
    );
  }
  if (item.parent_id === null) {
    fail(
      'MOVE_NOT_ALLOWED',
      `${MOVE_NOT_ALLOWED_MESSAGE}: items at the top level keep their place`,
    );
  }
  if (parentId === null) {
    fail(
      'MOVE_NOT_ALLOWED',
      `${MOVE_NOT_ALLOWED_MESSAGE}: an item below the top level stays below it`,
    );
  }
  const moving = parentId !== item.parent_id;
  if (!moving) return { moving };
  if (placement.fixedRoot) {
    fail(
      'MOVE_NOT_ALLOWED',
      `${MOVE_NOT_ALLOWED_MESSAGE}: "${item.name}" is a fixed root of the template tree`,
    );
  }
  if (parentId === item.id || (await ancestry(db, parentId)).includes(item.id)) {
    fail(
      'MOVE_NOT_ALLOWED',
      `${MOVE_NOT_ALLOWED_MESSAGE}: an item cannot go under itself or one of its own descendants`,
    );
  }
  const held = await permissionsOn(db, actor, parentId);
  if (!held.includes('Edit') && !held.includes('Create')) {
    fail(
      'FORBIDDEN',
      'You need the Edit or Create permission on the new parent to move an item there',
      { permission: 'Create', content_id: parentId },
    );
  }
  return { moving };
}
