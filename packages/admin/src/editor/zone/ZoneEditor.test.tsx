// @vitest-environment happy-dom
/** The Dynamic Zone editor as an editor uses it: add, move, move into a container, remove. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { produce } from 'immer';
import { type DraftContent, zoneRegion } from '@canopy/ui/draft';
import { ZoneEditor } from './ZoneEditor';
import { TestEditor, type Harness } from './test-editor';
import { IDS, WIDGETS, ZONE_BLOCK, ZONE_DEFINITION, pageDraft } from './test-fixtures';

afterEach(cleanup);

function renderZone({
  initial = pageDraft(),
  readOnly = false,
}: { initial?: DraftContent; readOnly?: boolean } = {}) {
  const harness: Partial<Harness> = {};
  render(
    <TestEditor
      initial={initial}
      readOnly={readOnly}
      templates={Object.values(WIDGETS)}
      harness={harness}
    >
      <ZoneEditor
        definition={ZONE_DEFINITION}
        target={{ kind: 'content', templateBlockId: ZONE_BLOCK }}
        inputId="field-zone"
        label="Main Zone"
        description="The page's blocks"
        required={false}
        value=""
        onChange={() => {}}
        onBlur={() => {}}
        readOnly={readOnly}
        error={null}
        focusRef={() => {}}
      />
    </TestEditor>,
  );
  return { user: userEvent.setup(), harness: harness as Harness };
}

/** The zone's top-level blocks as their fieldset titles, in order. */
function topLevelBlocks(): string[] {
  const zone = screen.getByRole('group', { name: 'Main Zone' });
  return [...zone.querySelectorAll(':scope > div > [data-zone-node] > fieldset > legend')].map(
    (legend) => legend.textContent ?? '',
  );
}

function region(harness: Harness) {
  return zoneRegion(harness.draft(), ZONE_BLOCK)!;
}

async function chooseAction(
  user: ReturnType<typeof userEvent.setup>,
  block: string,
  action: string,
) {
  await user.click(screen.getByRole('button', { name: `Actions for ${block}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('Dynamic Zone editor', () => {
  it('shows each block in a fieldset titled with its widget, with its fields', async () => {
    renderZone();
    expect(topLevelBlocks()).toEqual(['Hero Banner', 'Quote', 'Card Grid']);
    const hero = screen.getByRole('group', { name: 'Hero Banner' });
    expect(within(hero).getByLabelText('Heading')).toHaveProperty('value', 'Grow with Canopy');
    expect(within(hero).getByLabelText('Subheading')).toBeTruthy();
    const firstItem = screen.getByRole('group', { name: 'Card Grid, item 1' });
    const card = within(firstItem).getByRole('group', { name: 'Card' });
    expect(within(card).getByLabelText('Title')).toHaveProperty('value', 'Consulting');
    const secondItem = screen.getByRole('group', { name: 'Card Grid, item 2' });
    expect(within(secondItem).getByText('Drop widget here')).toBeTruthy();
  });

  it("adds a block from the zone's allowed widgets at the end, marked New", async () => {
    const { user, harness } = renderZone();
    await user.click(screen.getByRole('button', { name: 'Add block' }));
    const offered = await screen.findAllByRole('menuitem');
    expect(offered.map((item) => item.textContent)).toEqual(['Card Grid', 'Hero Banner', 'Quote']);
    await user.click(screen.getByRole('menuitem', { name: 'Quote' }));

    expect(topLevelBlocks()).toEqual(['Hero Banner', 'Quote', 'Card Grid', 'Quote']);
    const added = screen.getAllByRole('group', { name: 'Quote' })[1]!;
    expect(within(added).getByText('New')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(added).getByLabelText('Quote')));
    const created = Object.values(region(harness).content_blocks).filter(
      (b) => b.cmsItemStatus?.create,
    );
    expect(created.map((b) => b.template_id)).toEqual(['w-quote']);
  });

  it('adds a Container Widget with its two container items, and a card into an item', async () => {
    const { user } = renderZone();
    await user.click(screen.getByRole('button', { name: 'Add block' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Card Grid' }));
    const grids = screen.getAllByRole('group', { name: 'Card Grid' });
    expect(grids).toHaveLength(2);
    const items = within(grids[1]!).getAllByRole('group', {
      name: /^Card Grid, item \d$/,
    });
    expect(items).toHaveLength(2);

    // An item offers the container's own item widget first.
    await user.click(
      within(items[1]!).getByRole('button', {
        name: 'Add block to Card Grid, item 2',
      }),
    );
    const offered = await screen.findAllByRole('menuitem');
    expect(offered.map((item) => item.textContent)).toEqual([
      'Card',
      'Card Grid',
      'Hero Banner',
      'Quote',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Card' }));
    const card = within(items[1]!).getByRole('group', { name: 'Card' });
    expect(within(card).getByLabelText('Title')).toHaveProperty('value', 'Untitled');
  });

  it('moves a block up and down from its Actions menu and keeps the focus on it', async () => {
    const { user, harness } = renderZone();
    await chooseAction(user, 'Hero Banner', 'Move down');
    expect(topLevelBlocks()).toEqual(['Quote', 'Hero Banner', 'Card Grid']);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Actions for Hero Banner' }),
      ),
    );
    expect(region(harness).cmsItemStatus).toEqual({ edited: true });

    await chooseAction(user, 'Card Grid', 'Move up');
    expect(topLevelBlocks()).toEqual(['Quote', 'Card Grid', 'Hero Banner']);
    // The first block cannot go further up.
    await user.click(screen.getByRole('button', { name: 'Actions for Quote' }));
    expect(
      (await screen.findByRole('menuitem', { name: 'Move up' })).hasAttribute('data-disabled'),
    ).toBe(true);
  });

  it('moves a block into a container item, and out again at its edge', async () => {
    const { user } = renderZone();
    await chooseAction(user, 'Quote', 'Move into container...');
    const dialog = await screen.findByRole('dialog', {
      name: 'Move into container',
    });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['Card Grid, item 1', 'Card Grid, item 2']));
    await user.click(within(dialog).getByRole('button', { name: 'Card Grid, item 2' }));

    expect(topLevelBlocks()).toEqual(['Hero Banner', 'Card Grid']);
    const secondItem = screen.getByRole('group', { name: 'Card Grid, item 2' });
    expect(within(secondItem).getByRole('group', { name: 'Quote' })).toBeTruthy();

    await chooseAction(user, 'Quote', 'Move down');
    expect(topLevelBlocks()).toEqual(['Hero Banner', 'Card Grid', 'Quote']);
  });

  it('removes a block: it leaves the layout and waits, marked To be deleted, for the Save', async () => {
    const { user, harness } = renderZone();
    await chooseAction(user, 'Quote', 'Remove');
    expect(topLevelBlocks()).toEqual(['Hero Banner', 'Card Grid']);
    const removed = screen.getByRole('group', {
      name: 'Removed blocks (deleted on Save)',
    });
    expect(within(removed).getByText('Quote')).toBeTruthy();
    expect(within(removed).getByText('To be deleted')).toBeTruthy();
    expect(region(harness).content_blocks[IDS.quote]!.cmsItemStatus).toEqual({
      delete: true,
    });

    await user.click(within(removed).getByRole('button', { name: 'Restore' }));
    expect(topLevelBlocks()).toEqual(['Hero Banner', 'Card Grid', 'Quote']);
    expect(screen.queryByRole('group', { name: 'Removed blocks (deleted on Save)' })).toBeNull();
  });

  it('marks a block Edited once one of its fields changed', async () => {
    const { user } = renderZone();
    const hero = screen.getByRole('group', { name: 'Hero Banner' });
    expect(within(hero).queryByText('Edited')).toBeNull();
    await user.type(within(hero).getByLabelText('Subheading'), 'Now');
    expect(within(hero).getByText('Edited')).toBeTruthy();
  });

  it("shows 'Block with id ... not found' for a layout entry without its block, and removes it", async () => {
    const initial = produce(pageDraft(), (d) => {
      delete zoneRegion(d, ZONE_BLOCK)!.content_blocks[IDS.quote];
    });
    const { user, harness } = renderZone({ initial });
    expect(screen.getByText(`Block with id ${IDS.quote} not found`)).toBeTruthy();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText(`Block with id ${IDS.quote} not found`)).toBeNull();
    expect(region(harness).region_value!.blocks!.map((b) => b.id)).toEqual([IDS.hero, IDS.grid]);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('offers no changes when the editor is read-only', () => {
    renderZone({ readOnly: true });
    expect(topLevelBlocks()).toEqual(['Hero Banner', 'Quote', 'Card Grid']);
    expect(screen.queryByRole('button', { name: 'Add block' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Drag / })).toBeNull();
    expect(screen.queryByText('Drop widget here')).toBeNull();
  });
});
