/** A settings write: run it, toast the result (§8), then refresh what it changed. */
import { errorMessage } from '@canopy/client';
import { notify } from '@canopy/ui';

/** Resolves to false when the server refused (its reason is the toast). */
export async function writeAndToast(
  run: () => Promise<unknown>,
  success: string,
  refresh: () => Promise<void>,
): Promise<boolean> {
  try {
    await run();
    notify('success', success);
    return true;
  } catch (error) {
    notify('error', errorMessage(error, 'The server could not be reached'));
    return false;
  } finally {
    await refresh();
  }
}
