/** The item editor's server state: one version of a content item, its template, and the writes. */
import type { Content } from '@canopy/core';
import { writtenVersion } from '@canopy/ui';
import { api, replyOf } from '../api';

export async function setStatus(
  id: string,
  version: number,
  status_id: 'staged' | 'draft',
): Promise<Content> {
  return writtenVersion(
    replyOf(
      await api().PUT('/api/contents/{id}', {
        params: { path: { id } },
        body: { content_id: id, version, status_id },
      }),
    ),
  );
}

export async function lock(id: string): Promise<void> {
  replyOf(await api().PUT('/api/lockcontents/{id}', { params: { path: { id } } }));
}

export async function unlock(id: string): Promise<void> {
  replyOf(await api().PUT('/api/unlockcontents/{id}', { params: { path: { id } } }));
}

/** Lock on published content: a new draft of `version`, locked by the caller (§4). */
export async function draftFromVersion(id: string, version: number): Promise<Content> {
  return replyOf(
    await api().POST('/api/contents/draftfromversion', {
      body: { content_id: id, version, is_locked: 1 },
    }),
  );
}

/** Create Draft: a new draft copied from `version` (§7 POST to create a draft). */
export async function createDraft(id: string, version: number): Promise<Content> {
  return replyOf(
    await api().POST('/api/contents/draft', {
      body: { content_id: id, copied_from: version, is_locked: 1 },
    }),
  );
}

export async function deleteDraft(id: string, version: number): Promise<void> {
  replyOf(
    await api().DELETE('/api/contents/draft/{id}', {
      params: { path: { id }, query: { version } },
    }),
  );
}

export async function deleteItem(id: string): Promise<void> {
  replyOf(await api().DELETE('/api/contents/{id}', { params: { path: { id } } }));
}

/** Stamps the version's updated date and person (§7 updated info); returns the new stamp. */
export async function touchUpdatedInfo(
  id: string,
  version: number,
): Promise<{ updated_by: string; updated_date: string }> {
  return replyOf(
    await api().PUT('/api/content/updatedinfo/{id}', {
      params: { path: { id }, query: { version } },
    }),
  );
}
