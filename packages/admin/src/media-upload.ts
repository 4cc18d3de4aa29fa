/**
 * Media uploads from the browser (§7 Media): POST /api/media/{id} (or a multi-stream video's
 * POST /api/mediacollectionfile/{id}) as multipart (content_id, media) through XMLHttpRequest,
 * whose upload events give the per-file progress fetch cannot.
 */

export interface UploadRequest {
  contentId: string;
  file: File;
  /** The bearer token, or null in gateway mode (the cookies carry the identity). */
  token: string | null;
  /** Bytes sent so far as a fraction of the file, 0 to 1. */
  onProgress: (fraction: number) => void;
  /** Where the file goes: a single-file item (default) or a multi-stream video's folder. */
  into?: 'media' | 'mediacollectionfile';
}

/** Uploads one file; rejects with the server's message when it refuses. */
export function uploadMediaFile({
  contentId,
  file,
  token,
  onProgress,
  into = 'media',
}: UploadRequest) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/${into}/${encodeURIComponent(contentId)}`);
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
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
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: fall through
  }
  return `The upload failed (HTTP ${status})`;
}
