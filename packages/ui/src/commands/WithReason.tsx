/** A control that may be disabled, with the reason as its tooltip. */
import type { ReactElement } from 'react';
import { Tooltip } from '@mantine/core';

export interface WithReasonProps {
  reason: string | null | undefined;
  /** 'block' keeps a full-width child full width. */
  display?: 'inline-block' | 'block';
  children: ReactElement;
}

export function WithReason({ reason, display = 'inline-block', children }: WithReasonProps) {
  if (!reason) return children;
  // A disabled button gets no pointer events or focus; the wrapper carries the tooltip for both.
  return (
    <Tooltip label={reason} withArrow openDelay={150}>
      <span tabIndex={0} style={{ display }}>
        {children}
      </span>
    </Tooltip>
  );
}
