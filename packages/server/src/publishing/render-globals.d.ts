// What the renderer's bundling supplies to render-entry.ts.

/** The site's own components (CANOPY_SITE_COMPONENTS), or nothing. */
declare module 'canopy:site-components' {
  import type { Registry } from '@canopy/site';
  const register: ((registry: Registry) => void) | undefined;
  export default register;
  export { register };
}

/** Where piscina's entry is, from wherever the server runs. */
declare const CANOPY_PISCINA: string;

/** Where the SQLite driver's entry is, from wherever the server runs. */
declare const CANOPY_SQLITE: string;
