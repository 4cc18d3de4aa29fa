/**
 * Rich Text (§2 Field editors): Tiptap through @mantine/tiptap, in the mode the definition names
 * (core's `richTextMode`). The editor is its own chunk, loaded the first time a Rich Text field
 * shows, so it stays out of the admin's first load.
 */
import { RICH_TEXT_FULL_EDITOR_HEIGHT, richTextMode } from '@canopy/core';
import { lazyKind } from './lazy';

export const richTextKind = lazyKind(
  async () => (await import('./rich-text-editor')).default,
  (props) => (richTextMode(props.definition) === 'full' ? RICH_TEXT_FULL_EDITOR_HEIGHT + 42 : 38),
);
