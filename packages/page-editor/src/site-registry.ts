/** The site's components the page is rendered with: the built-in ones and the site's own. */
import { defaultRegistry } from '@canopy/site/browser';
import registerOwn from 'virtual:canopy-site-components';

export const registry = defaultRegistry();
if (typeof registerOwn === 'function') registerOwn(registry);
