/**
 * The open requests for items' locks (operations/contents/lock-request.ts makes and answers
 * them): one request per item at a time, kept in memory. With several instances each one made
 * or closed is shared with the others (`share`, applied there by `apply`), so the holder answers
 * on whichever instance they talk to. Every step is published to the two people involved.
 */
import type { LiveEventInput } from './hub';

export interface LockRequest {
  content_id: string;
  /** Who asked, and their display name. */
  from: string;
  from_name: string;
  /** Who held the lock when they asked. */
  holder: string;
  requested_date: string;
}

export type Answer = 'handover' | 'decline';

/** A request made or closed, as shared between instances. */
export type RequestWord =
  { word: 'asked'; request: LockRequest } | { word: 'closed'; content_id: string };

export interface LockRequestsOptions {
  /** Tells the other instances (resolves once they were told). */
  share?: (word: RequestWord) => Promise<void>;
  /** The item's lock moved: caches here and on the other instances forget its lock state. */
  lockMoved?: (contentId: string) => Promise<void>;
}

export class LockRequests {
  private readonly pending = new Map<string, LockRequest>();
  private readonly share: (word: RequestWord) => Promise<void>;
  /** The item's lock moved: call it before anyone hears of the move. */
  readonly lockMoved: (contentId: string) => Promise<void>;

  constructor(
    /** Publishes a step to the live streams. */
    readonly publish: (event: LiveEventInput) => void,
    options: LockRequestsOptions = {},
  ) {
    this.share = options.share ?? (() => Promise.resolve());
    this.lockMoved = options.lockMoved ?? (() => Promise.resolve());
  }

  /** Another instance's request or answer. */
  apply(payload: unknown): void {
    const word = payload as Partial<{ word: string; request: unknown; content_id: unknown }> | null;
    if (word?.word === 'asked' && isRequest(word.request)) {
      this.pending.set(word.request.content_id, word.request);
    } else if (word?.word === 'closed' && typeof word.content_id === 'string') {
      this.pending.delete(word.content_id);
    }
  }

  /** The open request for the item, if its holder still holds the lock. */
  find(contentId: string, holder: string | null): LockRequest | null {
    const request = this.pending.get(contentId);
    return request && request.holder === holder ? request : null;
  }

  /** Opens a request (replacing the item's earlier one) here and on the other instances. */
  async open(request: LockRequest): Promise<void> {
    this.pending.set(request.content_id, request);
    await this.share({ word: 'asked', request });
  }

  /** Closes the item's request here and on the other instances. */
  async close(contentId: string): Promise<void> {
    this.pending.delete(contentId);
    await this.share({ word: 'closed', content_id: contentId });
  }
}

function isRequest(value: unknown): value is LockRequest {
  const request = value as Partial<Record<keyof LockRequest, unknown>> | null;
  return (['content_id', 'from', 'from_name', 'holder', 'requested_date'] as const).every(
    (key) => typeof request?.[key] === 'string',
  );
}
