/** A control that may be disabled, with the reason as its tooltip. */
import type { ReactElement } from 'react';
import { Tooltip } from '@mantine/core';

export function WithReason({
  reason,
  children,
}: {
  reason: string | null | undefined;
  children: ReactElement;
}) {
  if (!reason) return children;
  // A disabled button gets no pointer events or focus; the wrapper carries the tooltip for both.
  return (
    <Tooltip label={reason} withArrow openDelay={150}>
      <span tabIndex={0} style={{ display: 'inline-block' }}>
        {children}
      </span>
    </Tooltip>
  );
}
