/**
 * Which writes are about a content item, and what they did: the live events published after a
 * successful write (plugin.ts) say this, with the item's id from the path, the body or the reply.
 */
export const CONTENT_ACTIONS: Readonly<Record<string, string>> = {
  'PUT /api/lockcontents/:id': 'lock',
  'PUT /api/unlockcontents/:id': 'unlock',
  'PUT /api/contents/:id': 'save',
  'DELETE /api/contents/:id': 'delete',
  'POST /api/contents': 'create',
  'POST /api/contents/draft': 'draft',
  'POST /api/contents/draftfromversion': 'draft',
  'DELETE /api/contents/draft/:id': 'delete-draft',
  'PUT /api/content/updatedinfo/:id': 'save',
  'POST /api/contentfields': 'save',
  'PUT /api/contentfields/:id': 'save',
  'POST /api/dynamiccontentregion': 'save',
  'PUT /api/dynamiccontentregion/:id': 'save',
  'POST /api/contentblock': 'save',
  'PUT /api/contentblock/:id': 'save',
  'DELETE /api/contentblock/:id': 'save',
  'POST /api/contentblockfield': 'save',
  'PUT /api/contentblockfield/:id': 'save',
  'DELETE /api/contentblockfield/:id': 'save',
};

type Bag = Record<string, unknown> | null | undefined;

/** The content item a write is about: its path's id on content routes, else the body's or reply's. */
export function contentIdOf(route: string, params: Bag, body: Bag, reply: Bag): string | null {
  const candidates = [
    /\/(contents|lockcontents|unlockcontents|updatedinfo)(\/draft)?\/:id$/.test(route)
      ? params?.id
      : undefined,
    body?.content_id,
    reply?.content_id,
  ];
  const found = candidates.find((value) => typeof value === 'string' && value !== '');
  return (found as string | undefined) ?? null;
}

/** The version a write is about: the reply's, the body's or the query's. */
export function versionOf(query: Bag, body: Bag, reply: Bag): number | null {
  const found = [reply?.version, body?.version, query?.version].find(
    (value) => typeof value === 'number',
  );
  return (found as number | undefined) ?? null;
}
