// @vitest-environment happy-dom
/**
 * Unsaved changes kept from an earlier visit: offered back when nobody saved since (with the
 * lock held, or after locking again), listed beside a newer save otherwise, never applied over it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toDraft, writeValue, type KeptDraft } from '@canopy/ui/draft';
import { renderAdmin } from '../test-kit';
import { KeptChangesNote } from './KeptChangesNote';
import type { BoundCommand } from './commands';
import { blockOf, makeContent, makeTemplate } from './test-harness';

afterEach(cleanup);

const template = makeTemplate([{ field_name: 'Title' }, { field_name: 'Body' }]);
const saved = makeContent(template, { Title: 'Saved title', Body: '<p>Saved body</p>' });

function keptWith(values: Record<string, string>): KeptDraft {
  const draft = toDraft(saved);
  for (const [name, value] of Object.entries(values)) {
    const target = { kind: 'content', templateBlockId: blockOf(template, name).block_id } as const;
    writeValue(draft, target, value, () => crypto.randomUUID());
  }
  return { draft, basedOn: saved.updated_date, keptAt: '2026-11-26T09:30:00.000Z' };
}

function show(kept: KeptDraft, content = saved) {
  const props = {
    onRestore: vi.fn(),
    onLockAndRestore: vi.fn(),
    onDiscard: vi.fn(),
  };
  const lock = { id: 'lock', label: 'Lock', disabledReason: null } as unknown as BoundCommand;
  renderAdmin(
    <KeptChangesNote
      kept={kept}
      content={content}
      template={template}
      me="nina"
      lock={lock}
      restoring={false}
      {...props}
    />,
  );
  return props;
}

describe('unsaved changes from an earlier visit', () => {
  it('are offered back to the lock holder when nobody saved since', async () => {
    const { onRestore, onDiscard } = show(keptWith({ Title: 'Typed, not saved' }));
    const note = screen.getByRole('alert');
    expect(note.textContent).toContain('nobody has saved it since. Restore them to go on editing.');
    await userEvent.click(within(note).getByRole('button', { name: 'Restore my changes' }));
    expect(onRestore).toHaveBeenCalledOnce();
    await userEvent.click(within(note).getByRole('button', { name: 'Discard them' }));
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it('ask for the lock again when it was released meanwhile, and wait for a holder', async () => {
    const { onLockAndRestore } = show(keptWith({ Title: 'x' }), { ...saved, locked_by: null });
    await userEvent.click(screen.getByRole('button', { name: 'Lock and restore' }));
    expect(onLockAndRestore).toHaveBeenCalledOnce();
    cleanup();
    show(keptWith({ Title: 'x' }), { ...saved, locked_by: 'omar', locked_by_name: 'Omar Ali' });
    expect(screen.getByRole('alert').textContent).toContain(
      'Omar Ali holds the lock now: once you hold it, you can restore them.',
    );
    expect(screen.queryByRole('button', { name: /restore/i })).toBeNull();
  });

  it('are listed beside a newer save, field by field, and not offered to restore', () => {
    const kept = keptWith({ Title: 'My title', Body: '<p>My <strong>body</strong></p>' });
    show(kept, {
      ...saved,
      updated_date: '2026-11-26T10:00:00.000Z',
      updated_by: 'omar',
      updated_by_name: 'Omar Ali',
    });
    const note = screen.getByRole('alert');
    expect(within(note).getByText('Your unsaved changes, typed on an older save')).toBeTruthy();
    expect(note.textContent).toContain('Omar Ali saved it since');
    const items = within(within(note).getByRole('list', { name: 'Your unsaved changes' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Title: My title', 'Body: My body']);
    expect(within(note).queryByRole('button', { name: /restore/i })).toBeNull();
  });
});
