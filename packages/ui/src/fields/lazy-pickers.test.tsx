// @vitest-environment happy-dom
/**
 * The picker kinds as the page editor's panel takes them (`LAZY_PICKER_KINDS`): the field's
 * label and a placeholder while the pickers' code loads, then the admin's own picker. The
 * pickers themselves are tested in the admin (editor/fields/pickers.test.tsx, microapp.test.tsx).
 */
import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TemplateFieldDefinition } from '@canopy/core';
import { EditedItemContext, type EditorItem } from '../draft';
import { LAZY_PICKER_KINDS } from './lazy-pickers';

afterEach(cleanup);

const item: EditorItem = {
  content_id: '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
  version: 2,
  site_id: null,
  content_type_id: 'page',
  media_library_directory: null,
};

function show(type: keyof typeof LAZY_PICKER_KINDS, label: string, shown: EditorItem = item) {
  const { Editor } = LAZY_PICKER_KINDS[type];
  const definition = {
    field_type: type,
    field_name: label,
    block_id: 'b1',
    is_required: 1,
  } as TemplateFieldDefinition;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <EditedItemContext value={shown}>
          <Editor
            definition={definition}
            target={{ kind: 'content', templateBlockId: 'b1' }}
            inputId="field-b1"
            label={label}
            description={null}
            required
            value=""
            onChange={() => {}}
            onBlur={() => {}}
            readOnly={false}
            error="This field is required"
            focusRef={{ current: null }}
          />
        </EditedItemContext>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

it('shows the field with its error while the picker loads, then the picker', async () => {
  show('Content Reference Picker', 'Link');
  expect(screen.getByLabelText('Loading the editor of Link')).toBeTruthy();
  expect(screen.getByText('This field is required')).toBeTruthy();
  expect(await screen.findByRole('button', { name: 'Add' })).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'Link' })).toBeTruthy();
  expect(screen.queryByLabelText('Loading the editor of Link')).toBeNull();
});

it("reads the panel's item: a media item's own file is replaced elsewhere, not picked", async () => {
  show('Media Library Asset', 'File', { ...item, content_type_id: 'image' });
  expect(await screen.findByText('Replace the file with the panel above the form.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
});
