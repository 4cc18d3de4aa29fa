/** Toasts (§8): Mantine notifications, at most 3 at once, bottom-left, hidden after 5,000 ms (§9). */
import { Notifications, notifications } from '@mantine/notifications';
import { TOAST_HIDE_AFTER_MS, TOAST_MAX_VISIBLE } from '@canopy/core';

/** The §8 texts this panel shows, word for word. */
export const TOASTS = {
  reorderError: 'There was an error re-ordering the menu',
  reordered: 'The menu has been reordered',
  contentSaved: 'The content has been saved',
  contentSaveError: 'The content had issues saving',
  mediaSaved: 'The media has been saved',
  mediaSaveError: 'The media had issues saving',
} as const;

/** §8 kinds: success, error, info, and Failure (a refusal such as someone else's lock). */
export type ToastKind = 'success' | 'error' | 'info' | 'Failure';

const COLOURS: Record<ToastKind, string> = {
  success: 'green',
  error: 'red',
  info: 'blue',
  Failure: 'orange',
};

export function ToastHost() {
  return (
    <Notifications
      position="bottom-left"
      limit={TOAST_MAX_VISIBLE}
      autoClose={TOAST_HIDE_AFTER_MS}
      zIndex={1000}
    />
  );
}

export function notify(kind: ToastKind, message: string): void {
  notifications.show({ message, color: COLOURS[kind], withBorder: true });
}
