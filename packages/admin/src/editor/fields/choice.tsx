/** Placeholder until the choice editors land: one-line text inputs. */
import { plainKind } from './plain';

export const checkboxKind = plainKind;
export const dropdownKind = plainKind;
