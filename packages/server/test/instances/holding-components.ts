/**
 * Site components for the two-instance suite: a page titled "Hold..." is rendered only while the
 * file `hold` in CANOPY_TEST_HOLD_DIR is absent; while it is there, the rendering process writes
 * its id to `rendering` and waits. The suite sees which instance runs a build and stops it there.
 * A page titled "Explode" fails every build.
 */
import { createElement } from 'react';
import type { PageProps, Registry } from '@canopy/site';
import { defaultRegistry } from '@canopy/site';

const StandardPage = defaultRegistry().pageFor('page')!;
const fs = process.getBuiltinModule('node:fs');

function holdWhileAsked(): void {
  const dir = process.env.CANOPY_TEST_HOLD_DIR;
  if (!dir || !fs.existsSync(`${dir}/hold`)) return;
  fs.writeFileSync(`${dir}/rendering`, String(process.pid));
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (fs.existsSync(`${dir}/hold`)) Atomics.wait(pause, 0, 0, 50);
}

export default function register(registry: Registry): void {
  registry.page('page', (props: PageProps) => {
    const title = props.page.fields['Title']?.value;
    if (title === 'Explode') throw new Error('The page component exploded');
    if (title?.startsWith('Hold')) holdWhileAsked();
    return createElement(StandardPage, props);
  });
}
