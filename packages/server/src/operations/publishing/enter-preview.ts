/**
 * Entering preview (§2 Routes): /api/preview?pageurl=<full address> admits a signed-in reader
 * (bearer token, gateway identity or preview cookie) with Read on the page and sends them to it
 * on the preview target, where it is rendered from its latest publishable version.
 */
import { siteHref } from '@canopy/site/data';
import type { Actor } from '../../auth/actor';
import { loadUserActor } from '../../auth/load-actor';
import { requirePermission } from '../../access/permissions';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { targetsOf } from '../../publishing/config';
import { makePreviewCookie, previewUserId } from '../../publishing/preview-cookie';
import { resolveAddress } from '../../publishing/addresses';
import { loadSnapshot } from '../../publishing/source';

/** The Set-Cookie value that lets this user's navigations into preview through. */
export async function enterPreview(db: Db, actor: Actor, secure: boolean): Promise<string> {
  if (!actor.userId || actor.publishedOnly)
    fail('FORBIDDEN', 'Preview is for signed-in users; API keys cannot enter it');
  return makePreviewCookie(db, actor.userId, secure);
}

export async function previewRedirect(
  db: Db,
  config: Config,
  request: { actor: Actor | null; cookie: string | undefined; secure: boolean },
  pageurl: string,
): Promise<{ redirect: string; cookie?: string }> {
  let actor = request.actor?.userId ? request.actor : null;
  const fromCookie = actor ? undefined : await previewUserId(db, request.cookie);
  if (!actor && fromCookie) actor = await loadUserActor(db, fromCookie);
  if (!actor)
    fail('UNAUTHENTICATED', 'Sign in to preview: open the preview from the admin while signed in');
  let address: URL;
  try {
    address = new URL(pageurl, config.publicUrl);
  } catch {
    fail('VALIDATION_FAILED', `pageurl must be a page's address, got "${pageurl}"`);
  }
  const resolved = await resolveAddress(db, config.publishing, address.host, address.pathname);
  if (!resolved) fail('CONTENT_NOT_FOUND', `No site is served at ${pageurl}`);
  const snapshot = await loadSnapshot(db, resolved.siteId, 'preview');
  const contentId = snapshot.pages.get(resolved.pageUrl);
  if (!contentId)
    fail('CONTENT_NOT_FOUND', `No publishable page has the URL ${resolved.pageUrl} on this site`);
  await requirePermission(db, actor, contentId, 'Read');
  const target = targetsOf(config.publishing, resolved.siteId).preview;
  const path = siteHref(target.basePath, resolved.pageUrl);
  const redirect =
    target.hosts.length > 0 ? `${address.protocol}//${target.hosts[0]}${path}` : path;
  return {
    redirect,
    ...(fromCookie ? {} : { cookie: await makePreviewCookie(db, actor.userId!, request.secure) }),
  };
}
