import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from './fields';
import { BLANK_FIELD_DEFINITION, fieldDefinitionProblems } from './template-rules';
import { portableRegexCompiler } from './validation/regex';

const definition = (changes: Partial<typeof BLANK_FIELD_DEFINITION> & { field_name?: string }) => ({
  ...BLANK_FIELD_DEFINITION,
  field_name: 'Title',
  ...changes,
});
const problemsOf = (changes: Parameters<typeof definition>[0]) =>
  fieldDefinitionProblems(definition(changes), portableRegexCompiler);

describe('template field definition rules', () => {
  it('passes the blank definition once it has a name', () => {
    expect(BLANK_FIELD_DEFINITION.field_type).toBe('Short Text');
    expect(problemsOf({})).toEqual([]);
  });

  it('names each problem’s property, in the order forms show them', () => {
    expect(
      problemsOf({ field_type: 'Spinner', field_name: '  ', regex_validation: '(a' }).map(
        (problem) => problem.property,
      ),
    ).toEqual(['field_type', 'field_name', 'regex_validation']);
    expect(problemsOf({ field_type: 'Spinner' })).toEqual([
      {
        property: 'field_type',
        message: `The field "field_type" must be one of: ${FIELD_TYPES.join(', ')}`,
      },
    ]);
    expect(problemsOf({ field_name: '' })).toEqual([
      { property: 'field_name', message: 'The field "field_name" must not be empty' },
    ]);
  });

  it('takes a Checkbox default of "true", "false" or none', () => {
    for (const value of [null, '', 'true', 'false']) {
      expect(problemsOf({ field_type: 'Checkbox', default_value: value })).toEqual([]);
    }
    expect(problemsOf({ field_type: 'Checkbox', default_value: 'yes' })).toEqual([
      { property: 'default_value', message: 'A Checkbox default_value must be "true" or "false"' },
    ]);
  });

  it('takes a Dropdown default among its options, or none', () => {
    const dropdown = { field_type: 'Dropdown', field_values: 'S|M|L' };
    expect(problemsOf({ ...dropdown, default_value: 'M' })).toEqual([]);
    expect(problemsOf({ ...dropdown, default_value: null })).toEqual([]);
    expect(problemsOf({ ...dropdown, default_value: 'XL' })).toEqual([
      {
        property: 'default_value',
        message: expect.stringMatching(/^The default_value does not fit the Dropdown: /),
      },
    ]);
  });
});
