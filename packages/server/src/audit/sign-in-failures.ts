/**
 * Failed sign-ins in the audit record (administrators alone read them): a wrong password, a
 * disabled account or too many attempts on the sign-in page, a refused API key (unknown, revoked
 * or expired), and every refused call of the provider's token endpoint (a code or refresh token
 * that is expired, used or revoked, a wrong PKCE verifier...). The caller is named as it called
 * itself: the username typed, the key's name, or the account a token was issued to.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Actor } from '../auth/actor';
import type { Db } from '../db/index';
import { recordAudit } from './record';

export interface SignInFailure {
  /** The username typed, or the account's; '' when the caller is unknown. */
  username: string;
  endpoint: 'sign-in' | 'token' | 'api-key';
  reason: string;
  address?: string | undefined;
  grant_type?: string | undefined;
}

/** Nobody signed in: the name is what the caller gave, never an identity it proved. */
function claimed(username: string): Actor {
  const name = username.slice(0, 200) || 'unknown';
  return {
    kind: 'public',
    userId: null,
    username: name,
    displayName: name,
    roleIds: [],
    isAdmin: false,
    publishedOnly: true,
  };
}

/**
 * A refused API key or token call is recorded once a minute per caller, key and reason; the
 * record after that minute says how many were refused in between. Unauthenticated callers can
 * so not fill the record (the sign-in page has its own limiter, and records its first refusal).
 */
const REPEAT_WINDOW_MS = 60_000;
const MAX_TRACKED = 10_000;
/** Per database: each installation (and each test's) keeps its own. */
const lastRecordedIn = new WeakMap<Db, Map<string, { until: number; repeats: number }>>();

function repeatsBefore(db: Db, failure: SignInFailure, now: number): number | null {
  if (failure.endpoint === 'sign-in') return 0;
  let lastRecorded = lastRecordedIn.get(db);
  if (!lastRecorded) lastRecordedIn.set(db, (lastRecorded = new Map()));
  const key = [failure.endpoint, failure.address, failure.username, failure.reason].join('\n');
  const last = lastRecorded.get(key);
  if (last && now < last.until) {
    last.repeats++;
    return null;
  }
  lastRecorded.delete(key);
  if (lastRecorded.size >= MAX_TRACKED) {
    for (const [old, entry] of lastRecorded) if (entry.until <= now) lastRecorded.delete(old);
    // Still full: the oldest caller is forgotten.
    if (lastRecorded.size >= MAX_TRACKED) lastRecorded.delete(lastRecorded.keys().next().value!);
  }
  lastRecorded.set(key, { until: now + REPEAT_WINDOW_MS, repeats: 0 });
  return last?.repeats ?? 0;
}

export async function recordSignInFailure(db: Db, failure: SignInFailure): Promise<void> {
  const repeats = repeatsBefore(db, failure, Date.now());
  if (repeats === null) return;
  const { username, ...details } = failure;
  await recordAudit(db, claimed(username), {
    action: 'sign-in-failed',
    details: repeats > 0 ? { ...details, refused_since_last_record: repeats } : details,
  });
}

/** The token endpoint's refusal (oidc-provider's `grant.error` event). */
export async function recordTokenFailure(
  db: Db,
  ctx: KoaContextWithOIDC,
  error: { error?: string; error_description?: string; message?: string },
): Promise<void> {
  const entities = ctx.oidc.entities as {
    AuthorizationCode?: { accountId?: string };
    RefreshToken?: { accountId?: string };
  };
  const accountId = entities.RefreshToken?.accountId ?? entities.AuthorizationCode?.accountId;
  const user = accountId
    ? await db
        .selectFrom('users')
        .select('username')
        .where('user_id', '=', accountId)
        .executeTakeFirst()
    : undefined;
  const grantType = ctx.oidc.params?.grant_type;
  await recordSignInFailure(db, {
    username: user?.username ?? '',
    endpoint: 'token',
    reason: error.error_description ?? error.error ?? error.message ?? 'refused',
    address: ctx.req.socket.remoteAddress,
    grant_type: typeof grantType === 'string' ? grantType : undefined,
  });
}
