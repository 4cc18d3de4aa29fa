/** One registered command as a button: its label, disabled with its reason as the tooltip. */
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import type { CommandView } from './registry';
import { WithReason } from './WithReason';

export interface CommandButtonProps extends Omit<ButtonProps, 'children' | 'disabled'> {
  command: CommandView;
  onRun: () => void;
  icon?: ReactNode;
}

export function CommandButton({ command, onRun, icon, size = 'xs', ...rest }: CommandButtonProps) {
  return (
    <WithReason reason={command.disabledReason}>
      <Button
        size={size}
        leftSection={icon}
        {...rest}
        disabled={command.disabledReason != null}
        onClick={onRun}
      >
        {command.label}
      </Button>
    </WithReason>
  );
}
