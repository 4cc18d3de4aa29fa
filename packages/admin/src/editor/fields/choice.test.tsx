// @vitest-environment happy-dom
/** Checkbox and Dropdown as a person uses them (§2 Field editors, §5). */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REQUIRED_MESSAGE } from '@canopy/core';
import { renderEditor } from '../test-harness';

afterEach(cleanup);

describe('Checkbox', () => {
  it("stores 'true' and 'false' as text", async () => {
    const editor = renderEditor({
      fields: [{ field_name: 'Show In Navigation', field_type: 'Checkbox' }],
      values: { 'Show In Navigation': 'false' },
    });
    const box = screen.getByLabelText('Show In Navigation') as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    expect(box.checked).toBe(true);
    expect(editor.changes().content_fields[0]?.field_value).toBe('true');
    await userEvent.click(box);
    expect(editor.changes().content_fields[0]?.field_value).toBe('false');
  });

  it('falls back to its default when the stored value is neither', () => {
    renderEditor({
      fields: [{ field_name: 'Featured', field_type: 'Checkbox', default_value: 'true' }],
      values: { Featured: null },
    });
    expect((screen.getByLabelText('Featured') as HTMLInputElement).checked).toBe(true);
  });

  it('does not change when read-only', async () => {
    const editor = renderEditor({
      fields: [{ field_name: 'Featured', field_type: 'Checkbox' }],
      values: { Featured: 'false' },
      readOnly: true,
    });
    await userEvent.click(screen.getByLabelText('Featured'));
    expect(editor.dirty()).toBe(false);
  });
});

describe('Dropdown', () => {
  const theme = {
    field_name: 'Theme',
    field_type: 'Dropdown',
    field_values: 'light|dark|brand',
  };

  it("offers the options under '(None Selected)' and stores the one picked", async () => {
    const editor = renderEditor({ fields: [theme] });
    const input = screen.getByRole('combobox', { name: 'Theme' }) as HTMLInputElement;
    expect(input.placeholder).toBe('(None Selected)');
    await userEvent.click(input);
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['light', 'dark', 'brand']);
    await userEvent.click(within(list).getByRole('option', { name: 'dark' }));
    expect(editor.changes().content_fields[0]?.field_value).toBe('dark');
  });

  it("says 'No Menu Items Found' when it has no options", async () => {
    renderEditor({ fields: [{ field_name: 'Empty', field_type: 'Dropdown', field_values: '' }] });
    const input = screen.getByRole('combobox', { name: 'Empty' }) as HTMLInputElement;
    expect(input.placeholder).toBe('No Menu Items Found');
  });

  it('a required dropdown left empty is an error on a save attempt', () => {
    const editor = renderEditor({ fields: [{ ...theme, is_required: 1 }] });
    expect(editor.attemptSave()).toBe(false);
    expect(screen.getByText(REQUIRED_MESSAGE)).toBeTruthy();
  });

  it('takes several choices, joined by commas, when its default names several', async () => {
    const editor = renderEditor({
      fields: [{ ...theme, field_name: 'Themes', default_value: 'light,dark' }],
      values: { Themes: 'light,dark' },
    });
    // Each choice shows as a pill beside the input.
    const input = screen.getByRole('combobox', { name: 'Themes' });
    const pills = within(input.closest('.mantine-MultiSelect-pillsList') as HTMLElement);
    expect(pills.getByText('light')).toBeTruthy();
    expect(pills.getByText('dark')).toBeTruthy();
    await userEvent.click(input);
    const list = await screen.findByRole('listbox');
    await userEvent.click(within(list).getByRole('option', { name: 'brand' }));
    expect(editor.changes().content_fields[0]?.field_value).toBe('light,dark,brand');
  });

  it('shows a stored value that is no longer an option, with an error', () => {
    const editor = renderEditor({ fields: [theme], values: { Theme: 'neon' } });
    expect((screen.getByRole('combobox', { name: 'Theme' }) as HTMLInputElement).value).toBe(
      'neon',
    );
    expect(editor.attemptSave()).toBe(false);
    expect(screen.getByText(/"neon" is not one of this field's options/)).toBeTruthy();
  });
});
