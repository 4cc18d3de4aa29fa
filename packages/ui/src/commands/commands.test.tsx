// @vitest-environment happy-dom
/** The registered commands and the authorisation wrapper, as a person sees them. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Content, VersionSummary } from '@canopy/core';
import { Authorized } from './Authorized';
import { CommandButton } from './CommandButton';
import { stateOfContent, viewCommand } from './registry';

afterEach(cleanup);

const wrap = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

const summary = (version: number, status_id: VersionSummary['status_id']): VersionSummary => ({
  version,
  status_id,
  copied_from: null,
  updated_date: '2026-11-20T10:00:00.000Z',
  updated_by: 'nina',
  updated_by_name: 'Nina North',
});

type Shown = Parameters<typeof stateOfContent>[0];
function content(overrides: Partial<Content> = {}): Shown {
  return {
    version: 2,
    status_id: 'draft',
    locked_by: 'nina',
    locked_by_name: 'Nina North',
    permissions: ['Edit', 'Create', 'Delete', 'Read'],
    versions: [summary(1, 'published'), summary(2, 'draft')],
    ...overrides,
  };
}

describe('the command registry', () => {
  it('the lock button says Unlock to its owner and names another owner when disabled', () => {
    expect(viewCommand('lock', stateOfContent(content(), 'nina')).label).toBe('Unlock');
    const other = viewCommand('lock', stateOfContent(content(), 'omar'));
    expect(other.label).toBe('Lock');
    expect(other.disabledReason).toBe('Locked by Nina North');
  });

  it('Lock on published content creates a draft, and explains an open draft when run', () => {
    const published = content({ version: 1, status_id: 'published', locked_by: null });
    const view = viewCommand('lock', stateOfContent(published, 'nina'));
    expect(view.rule).toBe('createDraftFromPublished');
    expect(view.disabledReason).toBeNull();
    expect(view.refusal?.code).toBe('DRAFT_EXISTS');
  });

  it('Delete Draft of version 1 stays enabled and explains itself when run', () => {
    const first = content({ version: 1, versions: [summary(1, 'draft')] });
    const view = viewCommand('deleteDraft', stateOfContent(first, 'nina'));
    expect(view.disabledReason).toBeNull();
    expect(view.refusal?.code).toBe('ONLY_VERSION');
  });

  it('Save needs changes and says Working while another command runs', () => {
    expect(viewCommand('save', stateOfContent(content(), 'nina', false)).disabledReason).toBe(
      'There are no changes to save',
    );
    expect(viewCommand('save', stateOfContent(content(), 'nina', true), true).disabledReason).toBe(
      'Working…',
    );
    expect(viewCommand('save', stateOfContent(content(), 'nina', true)).shortcut).toBe('mod+S');
  });
});

describe('CommandButton', () => {
  it('runs an enabled command', async () => {
    const run = vi.fn();
    wrap(
      <CommandButton
        command={viewCommand('pushToStaging', stateOfContent(content(), 'nina'))}
        onRun={run}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Push to Staging' }));
    expect(run).toHaveBeenCalledOnce();
  });

  it('is disabled with its reason as the tooltip', async () => {
    const run = vi.fn();
    wrap(
      <CommandButton
        command={viewCommand(
          'pushToStaging',
          stateOfContent(content({ status_id: 'staged' }), 'nina'),
        )}
        onRun={run}
      />,
    );
    const button = screen.getByRole('button', { name: 'Push to Staging' });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.hover(button.parentElement!);
    expect(
      await screen.findByText('Only a draft version can be staged; version 2 is staged'),
    ).toBeTruthy();
  });
});

describe('Authorized', () => {
  it('enables its child when the expected permission is held', () => {
    wrap(
      <Authorized permissions={['Read', 'Create']} expected="Create">
        <button type="button">Add Item</button>
      </Authorized>,
    );
    expect(screen.getByRole('button', { name: 'Add Item' })).toHaveProperty('disabled', false);
  });

  it('disables its child otherwise, naming the permission in the tooltip', async () => {
    wrap(
      <Authorized permissions={['Read']} expected="Create">
        <button type="button">Add Item</button>
      </Authorized>,
    );
    const button = screen.getByRole('button', { name: 'Add Item' });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.hover(button.parentElement!);
    expect(await screen.findByText('You need the Create permission on this item')).toBeTruthy();
  });

  it('disables its child when nothing is known of the permissions', () => {
    wrap(
      <Authorized permissions={undefined} expected="Edit" reason="Select an item first">
        <button type="button">Edit</button>
      </Authorized>,
    );
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveProperty('disabled', true);
  });
});
