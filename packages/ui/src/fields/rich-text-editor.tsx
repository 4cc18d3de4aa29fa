/**
 * The Tiptap editor of a Rich Text field, loaded on demand by rich-text.tsx. Its schema is the
 * allow-list the server saves with and the site renders with (rich-text-schema.ts): whatever
 * else a stored value or a paste holds is dropped, and a link can only be set to an allowed
 * address. The toolbar offers only what that list keeps.
 */
import '@mantine/tiptap/styles.css';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@mantine/core';
import { assignRef } from '@mantine/hooks';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor, type Editor } from '@tiptap/react';
import { RICH_TEXT_FULL_EDITOR_HEIGHT, richTextMode, type RichTextMode } from '@canopy/core';
import type { FieldEditorProps } from '../draft';
import { richTextExtensions } from './rich-text-schema';
import './rich-text.css';

/** The stored form of the editor's content: '' when it holds nothing. */
function valueOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function Toolbar({ mode }: { mode: RichTextMode }) {
  return (
    <RichTextEditor.Toolbar>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Bold />
        <RichTextEditor.Italic />
        <RichTextEditor.Underline />
        <RichTextEditor.Strikethrough />
        <RichTextEditor.Code />
        <RichTextEditor.ClearFormatting />
      </RichTextEditor.ControlsGroup>
      {mode !== 'short' && (
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
          <RichTextEditor.Blockquote />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          {mode === 'full' && <RichTextEditor.Hr />}
        </RichTextEditor.ControlsGroup>
      )}
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Link />
        <RichTextEditor.Unlink />
      </RichTextEditor.ControlsGroup>
      {mode === 'full' && (
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      )}
    </RichTextEditor.Toolbar>
  );
}

export default function TiptapField(props: FieldEditorProps) {
  const mode = richTextMode(props.definition);
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  // The latest props, for the editor's callbacks (created once).
  const latest = useRef(props);
  latest.current = props;
  // The value this editor last reported, so an echo of it does not reset the cursor.
  const reported = useRef(props.value);

  const editor = useEditor({
    extensions: richTextExtensions(mode),
    content: props.value,
    editable: !props.readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: changed }) => {
      reported.current = valueOf(changed);
      latest.current.onChange(reported.current);
    },
    onBlur: () => latest.current.onBlur(),
  });

  // A value from outside (another version loaded, a reload after save) replaces the content.
  useEffect(() => {
    if (!editor || props.value === reported.current) return;
    reported.current = props.value;
    editor.commands.setContent(props.value, { emitUpdate: false });
  }, [editor, props.value]);

  useEffect(() => {
    editor?.setEditable(!props.readOnly, false);
  }, [editor, props.readOnly]);

  // The content element exists only while the editor is mounted in the page (Tiptap throws on
  // `view.dom` before that, e.g. while a lazy sibling suspends the first render).
  const [dom, setDom] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!editor) return;
    const mounted = () => setDom(editor.isDestroyed ? null : editor.view.dom);
    const unmounted = () => setDom(null);
    mounted();
    editor.on('mount', mounted);
    editor.on('unmount', unmounted);
    return () => {
      editor.off('mount', mounted);
      editor.off('unmount', unmounted);
    };
  }, [editor]);

  // The content element stands for the field: the label names it, Save's refocus focuses it.
  useEffect(() => {
    if (!dom) return;
    const described = [props.description && descriptionId, props.error && errorId]
      .filter(Boolean)
      .join(' ');
    dom.id = props.inputId;
    dom.setAttribute('role', 'textbox');
    dom.setAttribute('aria-labelledby', labelId);
    dom.setAttribute('aria-multiline', String(mode !== 'short'));
    dom.setAttribute('aria-readonly', String(props.readOnly));
    dom.setAttribute('aria-required', String(props.required));
    dom.setAttribute('aria-invalid', String(Boolean(props.error)));
    if (described) dom.setAttribute('aria-describedby', described);
    else dom.removeAttribute('aria-describedby');
    assignRef(props.focusRef, dom);
    return () => {
      assignRef(props.focusRef, null);
    };
  }, [
    dom,
    mode,
    labelId,
    descriptionId,
    errorId,
    props.inputId,
    props.description,
    props.error,
    props.readOnly,
    props.required,
    props.focusRef,
  ]);

  return (
    <Input.Wrapper
      label={props.label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      description={props.description}
      descriptionProps={{ id: descriptionId }}
      withAsterisk={props.required}
      error={props.error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        className="canopy-rte"
        data-mode={mode}
        data-invalid={props.error ? true : undefined}
        style={
          mode === 'full'
            ? { ['--rich-text-height' as string]: `${RICH_TEXT_FULL_EDITOR_HEIGHT}px` }
            : undefined
        }
      >
        {!props.readOnly && <Toolbar mode={mode} />}
        <RichTextEditor.Content className="canopy-rte-content" />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
