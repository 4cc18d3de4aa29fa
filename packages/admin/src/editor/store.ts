/**
 * The editor's local state: one draft of the loaded content (immer), and the form's validation
 * state (touched fields, save attempts, the server's errors). Server state stays in TanStack
 * Query; this is only what the person typed and has not saved yet.
 */
import { useCallback, useMemo, useState } from 'react';
import { produce } from 'immer';
import type { Content } from '@canopy/core';
import { type DraftContent, collectChanges, hasChanges, toDraft } from '@canopy/ui/draft';

export interface DraftStore {
  draft: DraftContent;
  update: (recipe: (draft: DraftContent) => void) => void;
  /** Whether the draft holds changes a Save would send. */
  dirty: boolean;
  /** Starts over from a content the server sent (after a load, a save or a reload). */
  reset: (content: Content) => void;
  /** Takes a draft kept from an earlier visit, with its changes. */
  replace: (draft: DraftContent) => void;
  /** Keys of fields the person left (blur): their errors show from then on. */
  touched: ReadonlySet<string>;
  touch: (key: string) => void;
  /** Counts save attempts; above 0, every field shows its error. */
  attempts: number;
  attempt: () => void;
  /** The server's messages by field key, until that field changes. */
  serverErrors: Readonly<Record<string, string>>;
  setServerErrors: (errors: Record<string, string>) => void;
  clearServerError: (key: string) => void;
}

export function useDraftStore(content: Content): DraftStore {
  const [draft, setDraft] = useState<DraftContent>(() => toDraft(content));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempts, setAttempts] = useState(0);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const update = useCallback((recipe: (draft: DraftContent) => void) => {
    setDraft((current) => produce(current, recipe));
  }, []);
  const reset = useCallback((next: Content) => {
    setDraft(toDraft(next));
    setTouched(new Set());
    setAttempts(0);
    setServerErrors({});
  }, []);
  const replace = useCallback((next: DraftContent) => setDraft(next), []);
  const touch = useCallback((key: string) => {
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  }, []);
  const attempt = useCallback(() => setAttempts((n) => n + 1), []);
  const clearServerError = useCallback((key: string) => {
    setServerErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }, []);
  const dirty = useMemo(() => hasChanges(collectChanges(draft)), [draft]);

  return {
    draft,
    update,
    dirty,
    reset,
    replace,
    touched,
    touch,
    attempts,
    attempt,
    serverErrors,
    setServerErrors,
    clearServerError,
  };
}
