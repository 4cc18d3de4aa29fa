/**
 * Moving an item in the tree (§4 Reorder): every drop is let through and checked here after it,
 * so a refused drop can say why ('Item Move Not Allowed'); a move to another parent asks
 * 'Item Move Confirmation' first; confirming saves every changed sibling order (§7).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MOVE_NOT_ALLOWED_MESSAGE,
  isMoveAllowed,
  planMove,
  type MenuItem,
  type MovePlan,
  type ReorderSave,
} from '@canopy/core';
import { ConfirmDialog, NoticeDialog, TOASTS, notify } from '@canopy/ui';
import { api, menusQuery, replyOf } from '../api';
import type { ForestIndex } from './forest';

export const MOVE_CONFIRMATION_MESSAGE = 'Are you sure you want to move this item?';

/** Saves one sibling's order (and new parent); whether the server took it. */
async function saveOrder(save: ReorderSave): Promise<boolean> {
  const parent = save.parent_id ? { parent_id: save.parent_id } : {};
  if (save.item_type === 'template') {
    const saved = replyOf(
      await api().PUT('/api/templates/{template_id}', {
        params: { path: { template_id: save.id } },
        body: { template_id: save.id, template_order: save.order, ...parent },
      }),
    );
    return saved.status === 'Success';
  }
  // The content route has no reply schema: a 2xx reply is the saved item, status 'Success'.
  replyOf(
    await api().PUT('/api/contents/{id}', {
      params: { path: { id: save.id } },
      body: { content_id: save.id, content_order: save.order, ...parent },
    }),
  );
  return true;
}

async function saveOrders(plan: MovePlan): Promise<boolean> {
  const replies = await Promise.all(plan.saves.map((save) => saveOrder(save).catch(() => false)));
  return replies.every(Boolean);
}

export function useMoveFlow(index: ForestIndex | null) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<MovePlan | null>(null);
  const [refused, setRefused] = useState(false);
  const reload = () => queryClient.invalidateQueries(menusQuery());

  const commit = async (plan: MovePlan) => {
    setPending(null);
    const ok = plan.saves.length === 0 || (await saveOrders(plan));
    notify(ok ? 'success' : 'error', ok ? TOASTS.reordered : TOASTS.reorderError);
    await reload();
  };

  /** `position` counts among the new parent's children as they are now (the item included). */
  const move = (itemId: string, parentId: string, position: number) => {
    if (!index) return;
    const item = index.items.get(itemId);
    const parent = index.items.get(parentId);
    if (!item || !parent || !isMoveAllowed(item, parent, (id) => index.isInside(id, itemId))) {
      setRefused(true);
      return;
    }
    const siblings = (id: string | null): MenuItem[] =>
      (id ? (index.children.get(id) ?? []) : []).map((child) => index.items.get(child)!);
    const newSiblings = siblings(parentId);
    const oldIndex = newSiblings.findIndex((sibling) => sibling.content_id === itemId);
    const at = oldIndex !== -1 && oldIndex < position ? position - 1 : position;
    const plan = planMove(item, parent, siblings(item.parent_id), newSiblings, at);
    if (plan.pathChanged) setPending(plan);
    else void commit(plan);
  };

  const dialogs = (
    <>
      <ConfirmDialog
        opened={pending !== null}
        title="Item Move Confirmation"
        message={MOVE_CONFIRMATION_MESSAGE}
        onConfirm={() => pending && void commit(pending)}
        onCancel={() => {
          setPending(null);
          void reload();
        }}
      />
      <NoticeDialog
        opened={refused}
        title="Item Move Not Allowed"
        message={MOVE_NOT_ALLOWED_MESSAGE}
        onClose={() => {
          setRefused(false);
          void reload();
        }}
      />
    </>
  );
  return { move, dialogs };
}
