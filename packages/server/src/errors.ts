/**
 * The error catalogue: every error Canopy's API answers with has a stable code, an HTTP status
 * and a message a person can act on. Replies are JSON `{ code, message }` (plus details).
 */

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_REFERENCE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONTENT_NOT_FOUND: 404,
  VERSION_NOT_FOUND: 404,
  TEMPLATE_NOT_FOUND: 404,
  SITE_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  ROLE_NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  STALE_SAVE: 409,
  NOT_LOCKED: 409,
  VERSION_NOT_EDITABLE: 409,
  STATUS_TRANSITION_NOT_ALLOWED: 409,
  DRAFT_EXISTS: 409,
  ONLY_VERSION: 409,
  HAS_CHILDREN: 409,
  MOVE_NOT_ALLOWED: 409,
  ALREADY_EXISTS: 409,
  MEDIA_IN_USE: 409,
  CONTENT_LOCKED: 423,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.details };
  }
}

/** Throws a catalogued error. */
export function fail(code: ErrorCode, message: string, details?: Record<string, unknown>): never {
  throw new AppError(code, message, details);
}

export function notFound(
  what: 'Content' | 'Version' | 'Template' | 'Site' | 'User' | 'Role',
  id: string | number,
): never {
  const code = `${what.toUpperCase()}_NOT_FOUND` as ErrorCode;
  fail(code, `${what} ${id} was not found`);
}
