/** The full-screen loader (§2, §4, §9): shown only when loading lasts more than 500 ms. */
import { useEffect, useState } from 'react';
import { Loader, Overlay, Transition } from '@mantine/core';
import { LOADER_DELAY_MS, LOADER_TRANSITION_IN_MS, LOADER_TRANSITION_OUT_MS } from '@canopy/core';

/** Counts work in progress; the count never goes below 0 (§4 Loader). */
export class LoadingCounter {
  #count = 0;
  #listeners = new Set<(count: number) => void>();
  get count(): number {
    return this.#count;
  }
  start(): void {
    this.#set(this.#count + 1);
  }
  stop(): void {
    this.#set(Math.max(0, this.#count - 1));
  }
  subscribe(listener: (count: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  #set(count: number) {
    this.#count = count;
    this.#listeners.forEach((listener) => listener(count));
  }
}

/** True once `active` has stayed true for `delay` ms; false as soon as it is false. */
export function useDelayedFlag(active: boolean, delay = LOADER_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return shown;
}

export function FullScreenLoader({ active }: { active: boolean }) {
  const shown = useDelayedFlag(active);
  return (
    <Transition
      mounted={shown}
      transition="fade"
      enterDelay={0}
      duration={LOADER_TRANSITION_IN_MS}
      exitDuration={LOADER_TRANSITION_OUT_MS}
    >
      {(style) => (
        <Overlay
          style={{ ...style, display: 'grid', placeItems: 'center' }}
          fixed
          blur={1}
          color="#fff"
          backgroundOpacity={0.6}
          zIndex={900}
        >
          <Loader role="progressbar" aria-label="Loading" />
        </Overlay>
      )}
    </Transition>
  );
}
