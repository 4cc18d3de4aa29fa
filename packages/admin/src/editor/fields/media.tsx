/** Placeholder until this type's own editor lands: a one-line text input. */
import { plainKind } from './plain';

export const mediaKind = plainKind;
