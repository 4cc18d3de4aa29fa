/**
 * Unsaved changes kept in the browser (`useKeptDraft` of @canopy/ui): the page editor keeps what
 * is typed until it is saved or discarded, and offers it again when the same person opens the
 * same version: restored at once with the lock held, after locking when the lock is free, never
 * over a newer save (the admin's item editor lists those beside it).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Content } from '@canopy/core';
import { formatUpdated } from '@canopy/ui';
import { keptKey, useKeptDraft } from '@canopy/ui/draft';
import type { Question } from './commands';
import { useDraftValue } from './editor-context';
import type { PageStore } from './store';

/**
 * A component of its own that renders nothing: it follows every change of the draft (to keep it),
 * which the page editor itself does not, so a keystroke re-renders only this.
 */
export function KeptChanges(props: {
  store: PageStore;
  loaded: Content;
  me: string;
  lockThen: (then: () => void) => void;
  ask: (question: Question) => void;
}): null {
  const { store, loaded, me } = props;
  const draft = useSyncExternalStore(store.subscribe, () => store.draft);
  const dirty = useDraftValue(store, () => store.dirty);
  const { offer, settle } = useKeptDraft(
    keptKey(me, loaded.content_id, loaded.version),
    draft,
    dirty,
  );
  useEffect(() => {
    if (!offer || dirty) return;
    const title = 'Your unsaved changes from an earlier visit';
    const typed = `You changed this version on ${formatUpdated(offer.keptAt)} and did not save.`;
    const restore = () => {
      store.restore(offer.draft);
      settle();
    };
    if (offer.basedOn !== loaded.updated_date) {
      const by = loaded.updated_by_name ?? loaded.updated_by ?? 'Someone';
      props.ask({
        title,
        message: `${typed} ${by} saved it since, so they are not applied here: Edit in Admin Panel shows them beside the newer version.`,
      });
      return;
    }
    const holder = loaded.locked_by ? (loaded.locked_by_name ?? loaded.locked_by) : null;
    if (loaded.locked_by === me) {
      props.ask({
        title,
        message: `${typed} Nobody has saved it since. Restore them?`,
        confirm: { label: 'Restore my changes', run: restore },
      });
    } else if (holder) {
      props.ask({
        title,
        message: `${typed} ${holder} holds the lock now: once you hold it, open the page again to restore them.`,
      });
    } else {
      props.ask({
        title,
        message: `${typed} Nobody has saved it since, and your lock was released meanwhile. Lock the page and restore them?`,
        confirm: { label: 'Lock and restore', run: () => props.lockThen(restore) },
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once per offer
  }, [offer]);
  return null;
}
