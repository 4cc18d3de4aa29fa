/// <reference types="vite/client" />

/** The site's own components' registering function (CANOPY_SITE_COMPONENTS), or nothing. */
declare module 'virtual:canopy-site-components' {
  import type { Registry } from '@canopy/site/browser';
  const register: ((registry: Registry) => void) | undefined;
  export default register;
}
