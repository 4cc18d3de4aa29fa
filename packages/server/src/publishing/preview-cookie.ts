/**
 * The preview cookie: a navigation to /api/preview or a preview page carries no bearer token, so
 * a signed-in call (POST /api/preview/session) sets a short-lived cookie naming the user, signed
 * with HMAC-SHA256 under a key kept in the database (every instance shares it). The user is
 * loaded again on every use: a disabled user's cookie stops working at once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { cookieKeys } from '../auth/cookie-keys';
import type { Db } from '../db/index';

export const PREVIEW_COOKIE = 'canopy_preview';
export const PREVIEW_COOKIE_TTL_S = 15 * 60;

/** The first of the keys that sign the provider's cookies (shared by every instance). */
async function previewKey(db: Db): Promise<Buffer> {
  const [key] = await cookieKeys(db);
  return Buffer.from(`preview:${key}`);
}

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

export async function makePreviewCookie(db: Db, userId: string, secure: boolean): Promise<string> {
  const expires = Math.floor(Date.now() / 1000) + PREVIEW_COOKIE_TTL_S;
  const payload = `${Buffer.from(userId).toString('base64url')}.${expires}`;
  const value = `${payload}.${sign(await previewKey(db), payload)}`;
  return `${PREVIEW_COOKIE}=${value}; Path=/; Max-Age=${PREVIEW_COOKIE_TTL_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const clearPreviewCookie = () =>
  `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The user id a valid, unexpired preview cookie names; undefined otherwise. */
export async function previewUserId(
  db: Db,
  cookieHeader: string | undefined,
): Promise<string | undefined> {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${PREVIEW_COOKIE}=`))
    ?.slice(PREVIEW_COOKIE.length + 1);
  if (!value) return undefined;
  const [user, expires, signature] = value.split('.');
  if (!user || !expires || !signature) return undefined;
  if (Number(expires) * 1000 < Date.now()) return undefined;
  const expected = Buffer.from(sign(await previewKey(db), `${user}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return Buffer.from(user, 'base64url').toString();
}
