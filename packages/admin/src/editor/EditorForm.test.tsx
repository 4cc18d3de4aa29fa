// @vitest-environment happy-dom
/** The editor form: tabs of template blocks, the draft and its Save body, §4 Picker-fields errors. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REQUIRED_MESSAGE } from '@canopy/core';
import { fieldKey } from '@canopy/ui/draft';
import { blockOf, renderEditor, type FieldSpec } from './test-harness';

afterEach(cleanup);

const pageFields: FieldSpec[] = [
  { field_name: 'Item Name', is_required: 1 },
  {
    field_name: 'Page URL',
    is_required: 1,
    regex_validation: '^/[a-z0-9/-]*$',
    validation_message: 'A page URL starts with / and uses only lowercase letters',
  },
  { field_name: 'Summary', field_type: 'Long Text' },
  { field_name: 'Intro', field_type: 'Short Text', edit_in_behavior: null, is_required: 1 },
];

describe('the editor form', () => {
  it('groups the template blocks in a Page properties tab and a Content tab', async () => {
    renderEditor({ fields: pageFields, values: { 'Item Name': 'About', 'Page URL': '/about' } });
    expect(screen.getByRole('tab', { name: 'Page properties' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Content' })).toBeTruthy();
    expect((screen.getByLabelText(/Item Name/) as HTMLInputElement).value).toBe('About');
    expect((screen.getByLabelText(/Page URL/) as HTMLInputElement).value).toBe('/about');
  });

  it('marks an existing field edited and a missing one created, in one Save body', async () => {
    const editor = renderEditor({ fields: pageFields, values: { 'Item Name': 'About' } });
    expect(editor.dirty()).toBe(false);
    await userEvent.type(screen.getByLabelText(/Item Name/), ' us');
    await userEvent.type(screen.getByLabelText(/Page URL/), '/about');
    const changes = editor.changes();
    expect(editor.dirty()).toBe(true);
    expect(changes.content_fields).toHaveLength(2);
    const byBlock = Object.fromEntries(changes.content_fields.map((f) => [f.template_block_id, f]));
    const itemName = byBlock[blockOf(editor.template, 'Item Name').block_id]!;
    expect(itemName).toMatchObject({
      field_value: 'About us',
      cmsItemStatus: { edited: true },
      version: 1,
      content_id: editor.content.content_id,
    });
    expect(itemName.field_id).toBe(
      editor.content.content_fields[blockOf(editor.template, 'Item Name').block_id]!.field_id,
    );
    expect(byBlock[blockOf(editor.template, 'Page URL').block_id]).toMatchObject({
      field_value: '/about',
      cmsItemStatus: { create: true },
    });
  });

  it('shows an error only after the field was left, or after a save attempt', async () => {
    const editor = renderEditor({ fields: pageFields, values: { 'Item Name': 'About' } });
    const url = screen.getByLabelText(/Page URL/);
    await userEvent.type(url, 'About');
    expect(screen.queryByText(/A page URL starts with/)).toBeNull();
    await userEvent.tab();
    expect(
      screen.getByText('A page URL starts with / and uses only lowercase letters'),
    ).toBeTruthy();
    // The required Intro in the other tab has not been touched: no error yet.
    expect(screen.queryByText(REQUIRED_MESSAGE)).toBeNull();
    expect(editor.attemptSave()).toBe(false);
    expect(screen.getByText(REQUIRED_MESSAGE)).toBeTruthy();
  });

  it('a save attempt with errors focuses the first invalid field, opening its tab', async () => {
    const editor = renderEditor({
      fields: pageFields,
      values: { 'Item Name': 'About', 'Page URL': '/about' },
    });
    expect(editor.attemptSave()).toBe(false);
    const intro = screen.getByLabelText(/Intro/);
    await new Promise((done) => requestAnimationFrame(() => done(null)));
    expect(document.activeElement).toBe(intro);
    expect(screen.getByRole('tab', { name: 'Content' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.type(intro, 'Hello');
    expect(editor.attemptSave()).toBe(true);
  });

  it('focuses the first invalid field in the order shown', async () => {
    const editor = renderEditor({ fields: pageFields, values: { 'Page URL': 'bad' } });
    expect(editor.attemptSave()).toBe(false);
    await new Promise((done) => requestAnimationFrame(() => done(null)));
    expect(document.activeElement).toBe(screen.getByLabelText(/Item Name/));
  });

  it("shows the server's message on the field it names until that field changes", async () => {
    const editor = renderEditor({ fields: pageFields, values: { 'Item Name': 'About' } });
    const block = blockOf(editor.template, 'Item Name').block_id;
    editor.serverErrors({
      [fieldKey({ kind: 'content', templateBlockId: block })]: 'Item Name: That name is taken',
    });
    expect(screen.getByText('That name is taken')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Item Name/), '!');
    expect(screen.queryByText('That name is taken')).toBeNull();
  });

  it('renders every field read-only when the version is not yours to edit', async () => {
    const editor = renderEditor({
      fields: pageFields,
      values: { 'Item Name': 'About' },
      readOnly: true,
    });
    await userEvent.type(screen.getByLabelText(/Item Name/), 'x');
    expect(editor.dirty()).toBe(false);
  });
});
