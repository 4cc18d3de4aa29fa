/**
 * The authorisation wrapper of §6: its child is enabled only when the expected permission is
 * among the item's permissions; otherwise it is disabled, with the reason as its tooltip (or,
 * given a fallback, replaced by it).
 */
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { hasPermission, type Permission } from '@canopy/core';
import { WithReason, type WithReasonProps } from './WithReason';

export interface AuthorizedProps {
  /** The item's permissions (null or undefined: none known). */
  permissions: readonly Permission[] | null | undefined;
  expected: Permission | readonly Permission[];
  /** The tooltip when refused; by default it names the missing permission. */
  reason?: string;
  display?: WithReasonProps['display'];
  /** Shown instead of the child when refused (§2: 'No access' instead of Add Item). */
  fallback?: ReactNode;
  children: ReactElement<{ disabled?: boolean }>;
}

export function permissionReason(expected: Permission | readonly Permission[]): string {
  const names = typeof expected === 'string' ? [expected] : [...expected];
  return `You need the ${names.join(' and ')} permission on this item`;
}

export function Authorized({
  permissions,
  expected,
  reason,
  display,
  fallback,
  children,
}: AuthorizedProps) {
  if (hasPermission(permissions, expected)) return children;
  if (fallback !== undefined) return <>{fallback}</>;
  return (
    <WithReason reason={reason ?? permissionReason(expected)} {...(display ? { display } : {})}>
      {cloneElement(children, { disabled: true })}
    </WithReason>
  );
}
