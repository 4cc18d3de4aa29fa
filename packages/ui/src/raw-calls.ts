/**
 * The calls that do not go through the generated client, typed by its route types: the sign-in
 * configuration (read before the client exists), the Server-Sent Event streams (read with fetch,
 * so the bearer token goes along) and media uploads (XMLHttpRequest, whose upload events give the
 * per-file progress fetch cannot).
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { errorMessage, type paths } from '@canopy/client';

export type { EventSourceMessage };

/** A route's JSON reply, as the client generated from the server's OpenAPI document types it. */
export type JsonReply<
  P extends keyof paths,
  M extends keyof paths[P],
  S extends number = 200,
> = paths[P][M] extends {
  responses: Record<S, { content: { 'application/json': infer T } }>;
}
  ? T
  : never;

/** How to sign in (GET /api/identity/config). */
export type SignInConfig = JsonReply<'/api/identity/config', 'get'>;

export async function fetchSignInConfig(): Promise<SignInConfig> {
  const response = await fetch('/api/identity/config' satisfies keyof paths);
  const config: SignInConfig = await response.json();
  return config;
}

const bearer = (token: string | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** The event streams of the API: the live events and a build's progress. */
type StreamPath = '/api/events' | `/api/builds/${string}/events`;

interface StreamOptions {
  token: string | null;
  /** Resumes after this event (Last-Event-ID). */
  lastEventId?: string | null;
  signal?: AbortSignal;
  /** Called once the stream is open. */
  onOpen?: () => void;
}

/** Reads an event stream to its end, each event to `onEvent`; throws when it breaks. */
export async function readEventStream(
  path: StreamPath,
  options: StreamOptions,
  onEvent: (event: EventSourceMessage) => void,
): Promise<void> {
  const response = await fetch(path, {
    headers: {
      accept: 'text/event-stream',
      ...bearer(options.token),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    cache: 'no-store',
    signal: options.signal,
  });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  options.onOpen?.();
  const parser = createParser({ onEvent });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
}

/** A build as GET /api/builds/{id} gives it; each event of its stream is the whole build. */
export type BuildReply = JsonReply<'/api/builds/{id}', 'get'>;

/** GET /api/builds/{id}/events: each 'build' event to `onBuild`, until the stream ends. */
export function readBuildEvents(
  buildId: string,
  options: StreamOptions,
  onBuild: (build: BuildReply) => void,
): Promise<void> {
  return readEventStream(`/api/builds/${encodeURIComponent(buildId)}/events`, options, (event) => {
    if (event.event !== 'build') return;
    const build: BuildReply = JSON.parse(event.data);
    onBuild(build);
  });
}

/** Where an upload goes: a single-file item or a multi-stream video's folder. */
type UploadInto = 'media' | 'mediacollectionfile';

export interface UploadRequest {
  contentId: string;
  file: File;
  /** The bearer token, or null in gateway mode (the cookies carry the identity). */
  token: string | null;
  /** Bytes sent so far as a fraction of the file, 0 to 1. */
  onProgress: (fraction: number) => void;
  /** Where the file goes: a single-file item (default) or a multi-stream video's folder. */
  into?: UploadInto;
}

/**
 * Uploads one file (§7 Media): POST /api/media/{id} or /api/mediacollectionfile/{id} as
 * multipart (content_id, media); rejects with the server's message when it refuses.
 */
export function uploadMediaFile({
  contentId,
  file,
  token,
  onProgress,
  into = 'media',
}: UploadRequest) {
  const route = `/api/${into}/{id}` as const satisfies keyof paths;
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', route.replace('{id}', encodeURIComponent(contentId)));
    for (const [name, value] of Object.entries(bearer(token))) {
      request.setRequestHeader(name, value);
    }
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(messageOf(request.responseText, request.status)));
      }
    });
    request.addEventListener('error', () =>
      reject(new Error('The upload could not reach the server')),
    );
    const form = new FormData();
    form.append('content_id', contentId);
    form.append('media', file, file.name);
    request.send(form);
  });
}

/** The `message` of a JSON error reply, or the status when there is none. */
function messageOf(body: string, status: number): string {
  const fallback = `The upload failed (HTTP ${status})`;
  try {
    return errorMessage(JSON.parse(body), fallback);
  } catch {
    return fallback;
  }
}
