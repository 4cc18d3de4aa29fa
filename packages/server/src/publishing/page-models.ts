/** Page models of a site's target, as a builder elsewhere (`canopy build --api`) receives them. */
import type { PageModel, SiteMode } from '@canopy/site/data';

export interface PageModels {
  site_id: string;
  mode: SiteMode;
  /** One model per page URL asked for that the target shows, in the order asked. */
  models: PageModel[];
  /** Page URLs asked for that the target does not show as pages. */
  missing: string[];
  /** The not-found page's model, when asked for. */
  not_found?: PageModel;
}
