/**
 * The toolbar of a Rich Text field edited where it stands on the page (inline rich text, §2): it
 * floats above the field while the field has the focus, with the controls of the panel's
 * Tiptap toolbar that the page's own editing can apply (marks, headings, quote, lists, link).
 * Its buttons keep the focus in the field; a command changes the field's HTML, which the store
 * takes like a keystroke, so the page re-renders with it and Save sends it. A link must be an
 * address the site keeps (core's `isAllowedLink`). From the keyboard: Alt+F10 in the field
 * reaches the toolbar, Escape goes back to the field.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Popover, TextInput, Tooltip } from '@mantine/core';
import {
  IconBlockquote,
  IconBold,
  IconClearFormatting,
  IconH2,
  IconH3,
  IconH4,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconStrikethrough,
  IconUnderline,
  IconUnlink,
  type Icon,
} from '@tabler/icons-react';
import { isAllowedLink } from '@canopy/core';

/** The page's inline rich text fields carry this attribute (surface.tsx). */
export const INLINE_RICH = '[data-canopy-rich]';
const BAR_HEIGHT = 40;
/** Marks the toolbar and its link box: focus there keeps the toolbar. */
const TOOLBAR_PART = 'data-canopy-inline-toolbar';

interface Control {
  label: string;
  icon: ReactNode;
  run: () => void;
  /** The command whose state shows as pressed. */
  state?: string;
}

const exec = (command: string, value?: string) => document.execCommand(command, false, value);

/** A control running one editing command; a mark's or a list's state shows as pressed. */
function control(label: string, Icon: Icon, command: string, value?: string): Control {
  const pressed = value === undefined && command !== 'removeFormat' && command !== 'unlink';
  return {
    label,
    icon: <Icon size={16} />,
    run: () => exec(command, value),
    ...(pressed && { state: command }),
  };
}

const MARKS: Control[] = [
  control('Bold', IconBold, 'bold'),
  control('Italic', IconItalic, 'italic'),
  control('Underline', IconUnderline, 'underline'),
  control('Strikethrough', IconStrikethrough, 'strikeThrough'),
  control('Clear formatting', IconClearFormatting, 'removeFormat'),
];
const BLOCKS: Control[] = [
  control('Heading 2', IconH2, 'formatBlock', 'h2'),
  control('Heading 3', IconH3, 'formatBlock', 'h3'),
  control('Heading 4', IconH4, 'formatBlock', 'h4'),
  control('Blockquote', IconBlockquote, 'formatBlock', 'blockquote'),
  control('Bullet list', IconList, 'insertUnorderedList'),
  control('Ordered list', IconListNumbers, 'insertOrderedList'),
];
const UNLINK = control('Remove link', IconUnlink, 'unlink');

/** The inline rich text field that has the focus, and where it stands; null when none has. */
function useFocusedField(): { element: HTMLElement; rect: DOMRect } | null {
  const [field, setField] = useState<{ element: HTMLElement; rect: DOMRect } | null>(null);
  useEffect(() => {
    const follow = (event: FocusEvent) => {
      // Where the focus goes; inside the chrome, the host stands for it.
      const next = event.type === 'focusout' ? event.relatedTarget : event.target;
      // Into this toolbar or its link box: the field stays the one edited.
      const inChrome = next instanceof HTMLElement ? next.shadowRoot?.activeElement : null;
      if (inChrome?.closest(`[${TOOLBAR_PART}]`)) return;
      if (next instanceof HTMLElement && next.shadowRoot && event.type === 'focusout') return;
      const element = next instanceof HTMLElement ? next.closest<HTMLElement>(INLINE_RICH) : null;
      setField(element ? { element, rect: element.getBoundingClientRect() } : null);
    };
    const move = () =>
      setField((current) =>
        current && current.element.isConnected
          ? { element: current.element, rect: current.element.getBoundingClientRect() }
          : null,
      );
    // A command changes the field without moving the selection (input): pressed states follow.
    const listeners: Array<[EventTarget, string, (event: never) => void, boolean?]> = [
      [document, 'focusin', follow],
      [document, 'focusout', follow],
      [document, 'selectionchange', move],
      [document, 'input', move],
      [window, 'scroll', move, true],
      [window, 'resize', move],
    ];
    for (const [target, type, listener, capture] of listeners)
      target.addEventListener(type, listener as EventListener, capture);
    return () => {
      for (const [target, type, listener, capture] of listeners)
        target.removeEventListener(type, listener as EventListener, capture);
    };
  }, []);
  return field;
}

function LinkControl({ element }: { element: HTMLElement }) {
  const [opened, setOpened] = useState(false);
  const [address, setAddress] = useState('');
  const [range, setRange] = useState<Range | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const open = () => {
    const selection = document.getSelection();
    setRange(selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null);
    setAddress('');
    setProblem(null);
    setOpened(true);
  };
  const apply = () => {
    const href = address.trim();
    if (!isAllowedLink(href) || href === '') {
      setProblem('Enter a web, mailto: or tel: address, or a path on this site');
      return;
    }
    element.focus();
    if (range) {
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
    exec('createLink', href);
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal position="bottom">
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="md"
          aria-label="Link"
          title="Link"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <IconLink size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown {...{ [TOOLBAR_PART]: '' }}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            size="xs"
            aria-label="Link address"
            placeholder="https://example.com or /about/"
            value={address}
            error={problem}
            onChange={(event) => setAddress(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
          <Button size="xs" onClick={apply}>
            Save
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Alt+F10 in the field moves the focus to the toolbar; Escape there takes it back. */
function useKeyboardReach(element: HTMLElement | null) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element) return;
    const reach = (event: KeyboardEvent) => {
      if (!event.altKey || event.key !== 'F10') return;
      event.preventDefault();
      bar.current?.querySelector<HTMLElement>('button')?.focus();
    };
    element.addEventListener('keydown', reach);
    return () => element.removeEventListener('keydown', reach);
  }, [element]);
  return bar;
}

export function InlineToolbar() {
  const field = useFocusedField();
  const bar = useKeyboardReach(field?.element ?? null);
  // Redrawn with the selection, so pressed states follow the cursor.
  if (!field) return null;
  const { element, rect } = field;
  const run = (control: Control) => {
    if (document.activeElement !== element) element.focus();
    control.run();
  };
  const button = (control: Control) => (
    <Tooltip key={control.label} label={control.label} withinPortal>
      <ActionIcon
        variant={control.state && document.queryCommandState(control.state) ? 'light' : 'default'}
        size="md"
        aria-label={control.label}
        aria-pressed={control.state ? document.queryCommandState(control.state) : undefined}
        // The field keeps the focus and its selection.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => run(control)}
      >
        {control.icon}
      </ActionIcon>
    </Tooltip>
  );
  const top = Math.max(48 + 4, rect.top - BAR_HEIGHT - 6);
  return (
    <div
      ref={bar}
      className="canopy-inline-toolbar"
      onKeyDown={(event) => {
        if (event.key === 'Escape') element.focus();
      }}
      {...{ [TOOLBAR_PART]: '' }}
      role="toolbar"
      aria-label={`Formatting of ${element.getAttribute('aria-label') ?? 'the text'}`}
      style={{ top, left: Math.max(4, rect.left) }}
    >
      <Group gap={4} wrap="nowrap">
        <ActionIcon.Group>{MARKS.map(button)}</ActionIcon.Group>
        <ActionIcon.Group>{BLOCKS.map(button)}</ActionIcon.Group>
        <ActionIcon.Group>
          <LinkControl element={element} />
          {button(UNLINK)}
        </ActionIcon.Group>
      </Group>
    </div>
  );
}
