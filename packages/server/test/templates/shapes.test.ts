/**
 * The template replies are core's entity shapes: a property added to core's Template, block or
 * field definition (and so to the database tables that derive from them) fails the type check
 * here until the reply schema sends it too.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { Static } from 'typebox';
import type { Template, TemplateBlock, TemplateField } from '@canopy/core';
import type {
  BlockReply,
  FieldDefinitionReply,
  TemplateReply,
} from '../../src/routes/templates/schemas';

describe('template reply schemas', () => {
  it('send a field definition exactly as core defines it', () => {
    expectTypeOf<Static<typeof FieldDefinitionReply>>().toEqualTypeOf<TemplateField>();
  });

  it('send every property of core template blocks and templates', () => {
    expectTypeOf<Static<typeof BlockReply>>().toExtend<TemplateBlock>();
    expectTypeOf<Static<typeof TemplateReply>>().toExtend<Template>();
  });
});
