import { describe, expect, it } from 'vitest';
import { INVALID_TEMPLATE_MESSAGE, MOVE_NOT_ALLOWED_MESSAGE, isAllowedChild } from './placement';

describe('where an item may go', () => {
  it('accepts a template type named among the allowed content types as {type}-template', () => {
    const parent = { allowed_content_type: 'page, content-fragment', allowed_template_type: '' };
    expect(isAllowedChild(parent, 'page-template')).toBe(true);
    expect(isAllowedChild(parent, 'content-fragment-template')).toBe(true);
    expect(isAllowedChild(parent, 'image-template')).toBe(false);
  });

  it('accepts a type named among the allowed template types', () => {
    const parent = {
      allowed_content_type: 'page',
      allowed_template_type: 'widget-template,template-folder',
    };
    expect(isAllowedChild(parent, 'widget-template')).toBe(true);
    expect(isAllowedChild(parent, 'template-folder')).toBe(true);
    expect(isAllowedChild(parent, 'document-template')).toBe(false);
  });

  it('lets a parent that lists nothing take anything', () => {
    expect(
      isAllowedChild(
        { allowed_content_type: '', allowed_template_type: null },
        'anything-template',
      ),
    ).toBe(true);
  });

  it("keeps the spec's messages", () => {
    expect(MOVE_NOT_ALLOWED_MESSAGE).toBe('This item is not allowed to be moved to this location');
    expect(INVALID_TEMPLATE_MESSAGE).toBe('Please select a valid template to create');
  });
});
