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

/** The toasts' column, in pixels from the left edge (Mantine's default is 440 wide). */
const TOAST_WIDTH = 360;

/**
 * The width of a side panel opened from the right: 780 px, less on narrow screens, so that the
 * toasts' corner stays clear (at 1024 px the panel starts where the toasts end).
 */
export const SIDE_PANEL_SIZE = `min(780px, calc(100vw - ${TOAST_WIDTH + 40}px))`;

export function ToastHost() {
  return (
    <Notifications
      position="bottom-left"
      containerWidth={TOAST_WIDTH}
      limit={TOAST_MAX_VISIBLE}
      autoClose={TOAST_HIDE_AFTER_MS}
      zIndex={1000}
    />
  );
}

/** Shows a toast; its kind is its colour and its `data-kind` (for tests and styles). */
export function notify(kind: ToastKind, message: string): void {
  notifications.show({
    message,
    color: COLOURS[kind],
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close' },
    'data-kind': kind,
  });
}
