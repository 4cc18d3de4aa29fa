/**
 * The authorisation wrapper of §6: its child is enabled only when the expected permission is
 * among the item's permissions; otherwise it is disabled, with the reason as its tooltip.
 */
import { cloneElement, type ReactElement } from 'react';
import { hasPermission, type Permission } from '@canopy/core';
import { WithReason, type WithReasonProps } from './WithReason';

export interface AuthorizedProps {
  /** The item's permissions (null or undefined: none known). */
  permissions: readonly Permission[] | null | undefined;
  expected: Permission | readonly Permission[];
  /** The tooltip when refused; by default it names the missing permission. */
  reason?: string;
  display?: WithReasonProps['display'];
  children: ReactElement<{ disabled?: boolean }>;
}

export function permissionReason(expected: Permission | readonly Permission[]): string {
  const names = typeof expected === 'string' ? [expected] : [...expected];
  return `You need the ${names.join(' and ')} permission on this item`;
}

export function Authorized({ permissions, expected, reason, display, children }: AuthorizedProps) {
  if (hasPermission(permissions, expected)) return children;
  return (
    <WithReason reason={reason ?? permissionReason(expected)} {...(display ? { display } : {})}>
      {cloneElement(children, { disabled: true })}
    </WithReason>
  );
}
