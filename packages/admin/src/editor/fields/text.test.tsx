// @vitest-environment happy-dom
/** Short Text, Long Text and Read Only as a person uses them, with core's §5 rules. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGEX_ERROR_MESSAGE, REQUIRED_MESSAGE, TEXT_TOO_LONG_MESSAGE } from '@canopy/core';
import { renderEditor } from '../test-harness';

afterEach(cleanup);

describe('Short Text', () => {
  it('edits the value and reports the required rule after the field is left', async () => {
    const editor = renderEditor({
      fields: [{ field_name: 'Title', is_required: 1, tool_tip: 'The page title' }],
      values: { Title: 'Hello' },
    });
    const input = screen.getByLabelText(/Title/) as HTMLInputElement;
    expect(screen.getByText('The page title')).toBeTruthy();
    await userEvent.clear(input);
    expect(screen.queryByText(REQUIRED_MESSAGE)).toBeNull();
    await userEvent.tab();
    expect(screen.getByText(REQUIRED_MESSAGE)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(editor.changes().content_fields[0]?.field_value).toBe('');
  });

  it("shows the field's own message when its regular expression does not match", async () => {
    renderEditor({
      fields: [
        {
          field_name: 'Code',
          regex_validation: '^[A-Z]{3}$',
          validation_message: 'Three capitals',
        },
      ],
    });
    await userEvent.type(screen.getByLabelText(/Code/), 'ab');
    await userEvent.tab();
    expect(screen.getByText('Three capitals')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/Code/));
    await userEvent.type(screen.getByLabelText(/Code/), 'ABC');
    expect(screen.queryByText('Three capitals')).toBeNull();
  });

  it('says so when the configured regular expression is broken', async () => {
    renderEditor({ fields: [{ field_name: 'Code', regex_validation: '(a' }] });
    await userEvent.type(screen.getByLabelText(/Code/), 'x');
    await userEvent.tab();
    expect(screen.getByText(REGEX_ERROR_MESSAGE)).toBeTruthy();
  });

  it('refuses 4,001 characters with a counter, and accepts 4,000', async () => {
    const editor = renderEditor({ fields: [{ field_name: 'Title' }] });
    const input = screen.getByLabelText(/Title/);
    fireEvent.change(input, { target: { value: 'a'.repeat(4001) } });
    expect(screen.getByText('4,001 / 4,000 characters')).toBeTruthy();
    expect(editor.attemptSave()).toBe(false);
    expect(screen.getByText(TEXT_TOO_LONG_MESSAGE)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'a'.repeat(4000) } });
    expect(screen.queryByText(TEXT_TOO_LONG_MESSAGE)).toBeNull();
    expect(editor.attemptSave()).toBe(true);
  });
});

describe('Long Text', () => {
  it('is a text area with a character counter', async () => {
    const editor = renderEditor({
      fields: [{ field_name: 'Summary', field_type: 'Long Text' }],
      values: { Summary: 'Line one' },
    });
    const area = screen.getByLabelText(/Summary/);
    expect(area.tagName).toBe('TEXTAREA');
    expect(screen.getByText('8 / 4,000 characters')).toBeTruthy();
    await userEvent.type(area, '{Enter}Line two');
    expect(screen.getByText('17 / 4,000 characters')).toBeTruthy();
    expect(editor.changes().content_fields[0]?.field_value).toBe('Line one\nLine two');
  });

  it('refuses more than 4,000 characters on a save attempt', () => {
    const editor = renderEditor({ fields: [{ field_name: 'Summary', field_type: 'Long Text' }] });
    fireEvent.change(screen.getByLabelText(/Summary/), { target: { value: 'b'.repeat(4001) } });
    expect(editor.attemptSave()).toBe(false);
    expect(screen.getByText(TEXT_TOO_LONG_MESSAGE)).toBeTruthy();
  });
});

describe('Read Only', () => {
  it('shows its value and never changes it', async () => {
    const editor = renderEditor({
      fields: [{ field_name: 'Last Reviewed By', field_type: 'Read Only' }],
      values: { 'Last Reviewed By': 'Nina' },
    });
    const input = screen.getByLabelText(/Last Reviewed By/) as HTMLInputElement;
    expect(input.value).toBe('Nina');
    expect(input.readOnly).toBe(true);
    await userEvent.type(input, 'x');
    expect(editor.dirty()).toBe(false);
  });
});
