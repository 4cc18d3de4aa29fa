/** What the renderer hands its render threads (see render-entry.ts). */
import type { PageModel, PageSource } from '@canopy/site';

export interface RenderJob {
  model: PageModel;
  notFound?: boolean;
  /** Renders the header and footer anew rather than reusing their markup (see `RenderOptions`). */
  whole?: boolean;
}

/**
 * What a thread is given to render: jobs whose shared menu was taken out (`menu` names it), and
 * each such menu once, as JSON in shared memory under a hash of its content. A site's menu holds
 * every page, so copying it with each batch made a build's transfers grow with the square of its
 * pages.
 */
export interface RenderTask {
  jobs: (RenderJob & { menu?: string })[];
  menus: Record<string, SharedArrayBuffer>;
}

/**
 * What a thread is given to build pages: their stored rows, and what every page of the build
 * shares as JSON in shared memory under a key (parsed once per thread, not once per batch).
 */
export interface BuildTask {
  context: { key: string; json: SharedArrayBuffer };
  pages: PageSource[];
}

/** Has a thread build this many made-up pages as it starts. */
export interface WarmTask {
  warm: number;
}
