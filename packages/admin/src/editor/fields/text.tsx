/** Placeholder until the text editors land: one-line text inputs. */
import { plainKind } from './plain';

export const shortTextKind = plainKind;
export const longTextKind = plainKind;
export const readOnlyKind = plainKind;
