import { describe, expect, it } from 'vitest';
import { canDragItem, isMoveAllowed, planMove, type MovableItem } from './moves';

function item(id: string, parent: string | null, order: number, extra: Partial<MovableItem> = {}) {
  return {
    content_id: id,
    parent_id: parent,
    item_type: 'content',
    template_type_id: 'page-template',
    content_order: order,
    path: parent ? `01/${String(order).padStart(2, '0')}` : '01',
    permissions: ['Edit', 'Create', 'Delete', 'Read'],
    allowed_content_type: 'page',
    allowed_template_type: '',
    ...extra,
  } satisfies MovableItem as MovableItem;
}

describe('planMove', () => {
  const a = item('a', 'p', 1);
  const b = item('b', 'p', 2);
  const c = item('c', 'p', 3);

  it('reorders within a parent without a confirmation, saving only changed orders', () => {
    const plan = planMove(c, { content_id: 'p', path: '01' }, [a, b, c], [a, b, c], 0);
    expect(plan.pathChanged).toBe(false);
    expect(plan.saves).toEqual([
      { id: 'c', item_type: 'content', order: 1 },
      { id: 'a', item_type: 'content', order: 2 },
      { id: 'b', item_type: 'content', order: 3 },
    ]);
    expect(plan.newPath).toBe('01/01');
  });

  it('moving to another parent renumbers both parents and sends the new parent_id', () => {
    const x = item('x', 'q', 1);
    const plan = planMove(a, { content_id: 'q', path: '02' }, [a, b, c], [x], 1);
    expect(plan.pathChanged).toBe(true);
    expect(plan.newPath).toBe('02/02');
    expect(plan.saves).toEqual([
      { id: 'b', item_type: 'content', order: 1 },
      { id: 'c', item_type: 'content', order: 2 },
      { id: 'a', item_type: 'content', order: 2, parent_id: 'q' },
    ]);
  });

  it('a drop at its own place saves nothing', () => {
    expect(planMove(b, { content_id: 'p', path: '01' }, [a, b, c], [a, b, c], 1).saves).toEqual([]);
  });
});

describe('move rules', () => {
  const page = item('page', 'home', 1);
  const folder = item('folder', 'home', 2, { allowed_content_type: 'folder' });
  const readOnly = item('ro', 'home', 3, { permissions: ['Read'] });

  it('only below the top level and with Edit', () => {
    expect(canDragItem(page)).toBe(true);
    expect(canDragItem(item('home', null, 1))).toBe(false);
    expect(canDragItem(readOnly)).toBe(false);
  });

  it('needs Edit or Create on the parent and an allowed type', () => {
    const never = () => false;
    expect(isMoveAllowed(page, item('other', 'home', 4), never)).toBe(true);
    expect(isMoveAllowed(page, folder, never)).toBe(false);
    expect(isMoveAllowed(page, readOnly, never)).toBe(false);
    expect(isMoveAllowed(page, item('t', 'x', 1, { item_type: 'template' }), never)).toBe(false);
  });

  it('never into itself or its subtree', () => {
    const child = item('child', 'page', 1);
    expect(isMoveAllowed(page, page, () => false)).toBe(false);
    expect(isMoveAllowed(page, child, (id) => id === 'child')).toBe(false);
  });
});
