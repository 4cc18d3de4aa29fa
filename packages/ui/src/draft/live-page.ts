/**
 * The item editor's live page: the admin shows the page beside its form in a same-origin frame
 * (the page editor's read-only view), and sends it the draft as it changes. The frame says when
 * it is ready, so a reloaded frame gets the current draft at once.
 */
import type { DraftContent } from './contract';

export type LivePageMessage =
  { kind: 'canopy-live-draft'; draft: DraftContent } | { kind: 'canopy-live-ready' };

/** Sends a message to a window of this origin (never to another one). */
export function sendLivePage(target: Window, message: LivePageMessage): void {
  target.postMessage(message, window.location.origin);
}

/** Hears the messages `from` sends (same origin only); answers the way to stop hearing. */
export function onLivePage(
  from: () => Window | null,
  handler: (message: LivePageMessage) => void,
): () => void {
  const listen = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== from()) return;
    const data = event.data as Partial<LivePageMessage> | null;
    if (data?.kind === 'canopy-live-draft' || data?.kind === 'canopy-live-ready')
      handler(data as LivePageMessage);
  };
  window.addEventListener('message', listen);
  return () => window.removeEventListener('message', listen);
}
