/**
 * What the item editor and the page editor share about working together: renewing the lock they
 * hold while they are open, who else has the item open, and how long a lock's holder has been
 * inactive.
 */
import { useEffect, useRef, useState } from 'react';
import type { Content } from '@canopy/core';
import { api, contentKeys, queryClient } from '../server-state';
import { onLiveEvent, startLiveEvents, type LiveEvent } from './stream';

/** Opens the page's live event stream (once signed in: call it from a signed-in screen). */
export function useLiveStream(): void {
  useEffect(() => startLiveEvents(), []);
}

/** Calls `listener` with each live event while the component is mounted. */
export function useLiveEvents(listener: (event: LiveEvent) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onLiveEvent((event) => latest.current(event)), []);
}

/** An open editor renews its lock this often: a third of the lease, at most every minute. */
export function renewalInterval(leaseMs: number): number {
  return Math.max(1000, Math.min(60_000, Math.floor(leaseMs / 3)));
}

/** The lease of the content's lock in milliseconds (null: not locked, or no lease). */
export function leaseOf(
  content: Pick<Content, 'locked_date' | 'lock_expires_date'>,
): number | null {
  if (!content.locked_date || !content.lock_expires_date) return null;
  return Date.parse(content.lock_expires_date) - Date.parse(content.locked_date);
}

/**
 * While this editor holds the item's lock, renews it in the background (PUT /api/lockcontents).
 * A lock that lapsed meanwhile (the laptop slept) is not taken again silently: the item is
 * reloaded, so the editor shows it unlocked (or someone else's).
 */
export function useLockRenewal(content: Content, me: string | null): void {
  const id = content.content_id;
  const held = me != null && content.locked_by === me;
  const lease = leaseOf(content);
  useEffect(() => {
    if (!held || lease === null) return;
    let renewedAt = Date.now();
    const reload = () => void queryClient.invalidateQueries({ queryKey: contentKeys.item(id) });
    const timer = window.setInterval(async () => {
      if (Date.now() - renewedAt >= lease) {
        window.clearInterval(timer);
        return reload();
      }
      try {
        const result = await api().PUT('/api/lockcontents/{id}', { params: { path: { id } } });
        if (result.response.ok) renewedAt = Date.now();
        else reload();
      } catch {
        // Offline: the next tick tries again while the lease lasts.
      }
    }, renewalInterval(lease));
    return () => window.clearInterval(timer);
  }, [id, held, lease]);
}

export interface Viewer {
  username: string;
  name: string;
}

/** Says this editor has the item open while it is mounted; answers who else has it open. */
export function usePresence(contentId: string, me: string | null): Viewer[] {
  const [viewers, setViewers] = useState<Viewer[]>([]);
  useEffect(() => {
    let beat = 20_000;
    let timer: number | undefined;
    let stopped = false;
    /** Whether a presence event came while a beat was under way. */
    let heard = false;
    const here = async () => {
      heard = false;
      try {
        const result = await api().PUT('/api/presence/{id}', {
          params: { path: { id: contentId } },
        });
        if (stopped) return;
        if (result.data) {
          // An event that came meanwhile is as new as this answer or newer (every change is
          // announced): the answer, read before it, must not replace it.
          if (!heard) setViewers(result.data.viewers);
          beat = result.data.beat_ms;
        }
      } catch {
        // Offline for now: the next beat says it again.
      }
      if (!stopped) timer = window.setTimeout(() => void here(), beat);
    };
    void here();
    const unsubscribe = onLiveEvent((event) => {
      if (event.type === 'presence' && event.content_id === contentId) {
        heard = true;
        setViewers(event.viewers ?? []);
      }
    });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      unsubscribe();
      api()
        .DELETE('/api/presence/{id}', { params: { path: { id: contentId } } })
        .catch(() => undefined);
    };
  }, [contentId]);
  return viewers.filter((viewer) => viewer.username !== me);
}

/** Holders inactive for less than this are not called inactive (an open editor renews sooner). */
const INACTIVE_AFTER_MS = 2 * 60_000;

/** "inactive for 12 min" when the lock's holder has not renewed it for a while; else null. */
export function lockInactivity(
  content: Pick<Content, 'locked_by' | 'locked_date'>,
  now = Date.now(),
): string | null {
  if (!content.locked_by || !content.locked_date) return null;
  const idle = now - Date.parse(content.locked_date);
  if (!(idle >= INACTIVE_AFTER_MS)) return null;
  const minutes = Math.floor(idle / 60_000);
  return minutes < 60
    ? `inactive for ${minutes} min`
    : `inactive for ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The present time, again every `everyMs` (for texts like "inactive for 3 min"). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
