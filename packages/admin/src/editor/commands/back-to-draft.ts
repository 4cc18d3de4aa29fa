/** Back to Draft (§4): a staged version becomes a draft again. */
import { DRAFT } from '@canopy/core';
import { useChangeStatus } from './change-status';
import type { CommandContext, Perform } from './context';

export function useBackToDraftCommand(ctx: CommandContext): Perform {
  const changeStatus = useChangeStatus(ctx);
  return () => changeStatus(DRAFT);
}
