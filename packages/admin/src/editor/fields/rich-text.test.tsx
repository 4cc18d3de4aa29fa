// @vitest-environment happy-dom
/** The Rich Text field (§2 Field editors, §5, §9) in its three modes, as an editor uses it. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { SHARED_FIELD_KINDS } from '@canopy/ui/fields';
import { fieldDefinition } from './test-definition';

afterEach(cleanup);

const definition = (field_values: string | null) =>
  fieldDefinition({ field_type: 'Rich Text', field_name: 'Body', field_values });

const focusRef = createRef<HTMLElement>();

function Field(props: { mode: string | null; initial: string; readOnly?: boolean }) {
  const [value, setValue] = useState(props.initial);
  const { Editor } = SHARED_FIELD_KINDS['Rich Text'];
  return (
    <>
      <Editor
        definition={definition(props.mode)}
        target={{ kind: 'content', templateBlockId: 'b1' }}
        inputId="field-b1"
        label="Body"
        description="The text of the page"
        required={false}
        value={value}
        onChange={setValue}
        onBlur={() => {}}
        readOnly={props.readOnly ?? false}
        error={null}
        focusRef={focusRef}
      />
      <output aria-label="Stored value">{value}</output>
    </>
  );
}

const show = (props: Parameters<typeof Field>[0]) =>
  render(
    <MantineProvider env="test">
      <Field {...props} />
    </MantineProvider>,
  );

const stored = () => screen.getByRole('status', { name: 'Stored value' }).textContent;
const textbox = () => screen.findByRole('textbox', { name: 'Body' }, { timeout: 10_000 });

describe('Rich Text', () => {
  it('loads the editor on demand and names it by its label and help text', async () => {
    show({ mode: null, initial: '<p>Welcome to <strong>Canopy</strong>.</p>' });
    const box = await textbox();
    expect(box.getAttribute('contenteditable')).toBe('true');
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.innerHTML).toContain('<strong>Canopy</strong>');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The text of the page',
    );
    expect(focusRef.current).toBe(box);
  });

  it('drops scripts, event handlers and javascript: links from what it loads', async () => {
    show({
      mode: null,
      initial:
        '<p onclick="alert(1)">Hi<script>alert(2)</script> <a href="javascript:alert(3)">bad</a>' +
        ' <a href="https://example.com/">good</a> <a href=" java\tscript:alert(4)">sly</a></p>' +
        '<img src="javascript:alert(5)"><img src="https://example.com/a.png" onerror="alert(6)">',
    });
    const box = await textbox();
    expect(box.innerHTML).not.toMatch(/script|onclick|onerror|alert/);
    const links = [...box.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://example.com/']);
    expect(box.textContent).toContain('bad');
    expect(box.querySelectorAll('img')).toHaveLength(1);
  });

  it('gives the full editor its toolbar and a 500-pixel area (§9)', async () => {
    show({ mode: 'Full', initial: '' });
    await textbox();
    for (const name of ['Bold', 'Italic', 'Heading 2', 'Bullet list', 'Link', 'Undo']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    const root = (await textbox()).closest('[data-mode]') as HTMLElement;
    expect(root.dataset.mode).toBe('full');
    expect(root.style.getPropertyValue('--rich-text-height')).toBe('500px');
  });

  it('offers controls only for what the allow-list keeps (no alignment, colour or scripts)', async () => {
    show({ mode: 'Full', initial: '' });
    await textbox();
    // A control for alignment, colour, highlight or sub- and superscript would write markup
    // core's RICH_TEXT_RULES drops on save: adding one means adding its markup there first.
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      ...['Bold', 'Italic', 'Underline', 'Strikethrough', 'Code', 'Clear formatting'],
      ...['Heading 2', 'Heading 3', 'Heading 4', 'Blockquote', 'Bullet list', 'Ordered list'],
      ...['Horizontal line', 'Link', 'Remove link', 'Undo', 'Redo'],
    ]);
  });

  it('formats and stores the HTML; an emptied editor stores nothing', async () => {
    show({ mode: null, initial: '<p>Plain</p>' });
    const box = await textbox();
    box.focus();
    fireEvent.keyDown(box, { key: 'a', ctrlKey: true });
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(stored()).toBe('<p><strong>Plain</strong></p>'));
    box.focus();
    fireEvent.keyDown(box, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(box, { key: 'Backspace' });
    await waitFor(() => expect(stored()).toBe(''));
  });

  it('refuses a javascript: address in the link editor and takes a web address', async () => {
    show({ mode: null, initial: '<p>Contact us</p>' });
    const box = await textbox();
    const linkWith = async (address: string) => {
      box.focus();
      fireEvent.keyDown(box, { key: 'a', ctrlKey: true });
      await userEvent.click(screen.getByRole('button', { name: 'Link' }));
      const input = await screen.findByRole('textbox', { name: 'Enter URL' });
      await userEvent.clear(input);
      await userEvent.type(input, `${address}{Enter}`);
    };
    await linkWith('javascript:alert(1)');
    expect(stored()).toBe('<p>Contact us</p>');
    expect(box.querySelector('a')).toBeNull();
    await linkWith('https://example.com/contact');
    await waitFor(() =>
      expect(box.querySelector('a')?.getAttribute('href')).toBe('https://example.com/contact'),
    );
    expect(stored()).toContain('href="https://example.com/contact"');
  });

  it('edits inline rich text without the full toolbar or fixed height', async () => {
    show({ mode: 'Inline Rich Text', initial: '<p>Intro</p>' });
    const box = await textbox();
    const root = box.closest('[data-mode]') as HTMLElement;
    expect(root.dataset.mode).toBe('inline');
    expect(root.style.getPropertyValue('--rich-text-height')).toBe('');
    expect(screen.getByRole('button', { name: 'Bullet list' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('keeps inline short text on one line: no paragraphs, Enter blocked (§5)', async () => {
    show({ mode: 'Inline Short Text', initial: '<p>Our <em>team</em></p><p>and partners</p>' });
    const box = await textbox();
    expect(box.getAttribute('aria-multiline')).toBe('false');
    expect(box.querySelector('p')).toBeNull();
    expect(box.textContent).toBe('Our teamand partners');
    expect(box.innerHTML).toContain('<em>team</em>');
    expect(screen.queryByRole('button', { name: 'Bullet list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Heading 2' })).toBeNull();
    box.focus();
    for (const modifiers of [{}, { shiftKey: true }, { ctrlKey: true }]) {
      fireEvent.keyDown(box, { key: 'Enter', ...modifiers });
    }
    fireEvent.keyDown(box, { key: 'a', ctrlKey: true });
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(stored()).toBe('<strong>Our <em>team</em>and partners</strong>'));
    expect(stored()).not.toMatch(/<p>|<br/);
  });

  it('is read-only, without a toolbar, on a version that is not an editable draft', async () => {
    show({ mode: null, initial: '<p>Published text</p>', readOnly: true });
    const box = await textbox();
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(box.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Bold' })).toBeNull();
  });
});
