/** What the renderer hands its render threads (see render-entry.ts). */
import type { RenderedBatch } from '@canopy/site';
import type { PageModel, PageSource } from '@canopy/site/data';
import type { VersionDocument } from '../repositories/version-documents';

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
  /** Pages with their rows, or without them (`UnreadPage`) when `read` says where they are. */
  pages: PageSource[];
  read?: RowsSource;
  /**
   * A buffer to write the batch's HTML into from its start (one handed back by `recycle`); a
   * batch that outgrows it continues in a larger one.
   */
  output?: ArrayBuffer;
}

/**
 * A SQLite file the render threads read pages' rows from themselves, and the statement that
 * reads them (`versionRowDocumentsStatement`): the server's thread then reads no page's rows.
 */
export interface RowsSource {
  file: string;
  sql: string;
}

/** A page given without its rows, with the version whose rows to read. */
export interface UnreadPage extends PageSource {
  version: number;
}

/** Has a thread build this many made-up pages as it starts. */
export interface WarmTask {
  warm: number;
}

/** A version's rows as the database built them for a render thread (as bytes), to be stored. */
export type BuiltDocument = Omit<VersionDocument, 'built'> & { rows: Uint8Array };

/** A build's rendered batch, with the documents its thread had the database build. */
export interface BuiltBatch extends RenderedBatch {
  built?: BuiltDocument[];
}
