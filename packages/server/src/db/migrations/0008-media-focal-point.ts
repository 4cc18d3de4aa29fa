/** An image's focal point ("x,y", fractions from the top left); crops keep it in the frame. Frozen. */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_items').addColumn('focal_point', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_items').dropColumn('focal_point').execute();
}
