/** The media replies are the shapes the media operations answer (and core's FocalPoint). */
import { describe, expectTypeOf, it } from 'vitest';
import type { Static } from 'typebox';
import type { FocalPoint } from '@canopy/core';
import type { FocalPointReply, MediaJobReply } from '../../src/routes/media/schemas';
import type { FocalPointReply as FocalPointAnswer } from '../../src/operations/media/focal-point';
import type { MediaJob } from '../../src/operations/media/media-jobs';

describe('media reply schemas', () => {
  it('send a focal point and a media job exactly as the operations make them', () => {
    expectTypeOf<Static<typeof FocalPointReply>>().toEqualTypeOf<FocalPointAnswer>();
    expectTypeOf<Static<typeof FocalPointReply>>().toExtend<FocalPoint>();
    expectTypeOf<Static<typeof MediaJobReply>>().toEqualTypeOf<MediaJob>();
  });
});
