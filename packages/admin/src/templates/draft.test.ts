/** The template draft's rules and the writes a Save makes from it. */
import { FIELD_TYPES } from '@canopy/core';
import { describe, expect, it } from 'vitest';
import { blankField, draftOf, draftProblems, planIsEmpty, planSave } from './draft';
import { loadedTemplate } from './fixture';
import { compileRe2 } from './regex';

describe('the template draft', () => {
  it('plans nothing for an untouched draft', () => {
    const base = loadedTemplate();
    expect(planIsEmpty(planSave(base, draftOf(base)))).toBe(true);
  });

  it('sends only changed settings, empty text as null', () => {
    const base = loadedTemplate();
    const draft = draftOf(base);
    draft.settings.template_name = '  Event Page ';
    draft.settings.file_layout = '';
    draft.settings.custom_icon_class = '';
    expect(planSave(base, draft).settings).toEqual({
      template_name: 'Event Page',
      file_layout: null,
    });
  });

  it('orders blocks by their place, creates new ones with their fields, deletes removed ones', () => {
    const base = loadedTemplate();
    const draft = draftOf(base);
    draft.blocks.reverse();
    draft.blocks.push({
      block_id: 'b3',
      block_name: 'Body ',
      fields: [{ ...blankField('f3', 'b3', 'Body'), field_type: 'Rich Text', is_required: 1 }],
    });
    draft.blocks = draft.blocks.filter((block) => block.block_id !== 'b1');
    const plan = planSave(base, draft);
    expect(plan.deleteBlocks).toEqual(['b1']);
    expect(plan.updateBlocks).toEqual([{ block_id: 'b2', block_order: 1 }]);
    expect(plan.createBlocks).toEqual([{ block_id: 'b3', block_name: 'Body', block_order: 2 }]);
    expect(plan.createFields).toEqual([
      {
        field_id: 'f3',
        block_id: 'b3',
        field_name: 'Body',
        field_type: 'Rich Text',
        is_required: 1,
        field_order: 1,
      },
    ]);
  });

  it('renames and reorders existing blocks, and sends changed definition properties only', () => {
    const base = loadedTemplate();
    const draft = draftOf(base);
    draft.blocks.reverse();
    draft.blocks[0]!.block_name = 'Colour';
    draft.blocks[1]!.fields[0]!.regex_validation = '^[A-Z]';
    draft.blocks[1]!.fields[0]!.tool_tip = '';
    const plan = planSave(base, draft);
    expect(plan.updateBlocks).toEqual([
      { block_id: 'b2', block_name: 'Colour', block_order: 1 },
      { block_id: 'b1', block_order: 2 },
    ]);
    expect(plan.updateFields).toEqual([
      { field_id: 'b1-f1', changes: { regex_validation: '^[A-Z]' } },
    ]);
  });

  it('deletes a field removed from a block that stays', () => {
    const base = loadedTemplate();
    const draft = draftOf(base);
    draft.blocks[1]!.fields = [];
    expect(planSave(base, draft).deleteFields).toEqual(['b2-f1']);
  });
});

describe('draft problems', () => {
  const problemsOf = (edit: (draft: ReturnType<typeof draftOf>) => void) => {
    const draft = draftOf(loadedTemplate());
    edit(draft);
    return draftProblems(draft, compileRe2).map((problem) => problem.message);
  };

  it('refuses a pattern RE2 cannot run, as the server does', () => {
    for (const pattern of ['^(a', '(?<=x)y', '(a)\\1', '[z-a]']) {
      expect(problemsOf((d) => (d.blocks[0]!.fields[0]!.regex_validation = pattern))).toEqual([
        'Please enter a valid regular expression',
      ]);
    }
    expect(problemsOf((d) => (d.blocks[0]!.fields[0]!.regex_validation = '(?i)^[a-z]+$'))).toEqual(
      [],
    );
  });

  it('needs names, unique among blocks and among a block’s fields', () => {
    expect(
      problemsOf((d) => {
        d.settings.template_name = ' ';
        d.blocks[1]!.block_name = 'Title';
        d.blocks[0]!.fields.push(blankField('x', 'b1', 'Title'));
        d.blocks[0]!.fields.push(blankField('y', 'b1', ''));
      }),
    ).toEqual([
      'The field "template_name" must not be empty',
      'Another block is named "Title"',
      'Another field of this block is named "Title"',
      'Another field of this block is named "Title"',
      'The field "field_name" must not be empty',
      'Another block is named "Title"',
    ]);
  });

  it('needs a Checkbox default of true or false, and a known field type, with the server’s messages', () => {
    expect(
      problemsOf((d) => {
        d.blocks[0]!.fields.push({
          ...blankField('c', 'b1', 'Agree'),
          field_type: 'Checkbox',
          default_value: 'yes',
        });
        d.blocks[0]!.fields.push({ ...blankField('t', 'b1', 'Odd'), field_type: 'Spinner' });
      }),
    ).toEqual([
      'A Checkbox default_value must be "true" or "false"',
      `The field "field_type" must be one of: ${FIELD_TYPES.join(', ')}`,
    ]);
  });

  it('needs a Dropdown default among its options', () => {
    expect(problemsOf((d) => (d.blocks[1]!.fields[0]!.default_value = 'c'))).toHaveLength(1);
    expect(problemsOf((d) => (d.blocks[1]!.fields[0]!.default_value = 'b'))).toEqual([]);
  });
});
