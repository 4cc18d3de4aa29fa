/** The editing commands' texts: §4's dialogs and §8's toasts word for word (§8's spelling kept). */

export const EDITOR_TOASTS = {
  saved: 'The content has been saved',
  saveError: 'The content had issues saving',
  draftCreated: 'The draft has been created',
  draftError: 'The draft could not be created',
  deleted: 'The content has been deleted',
  deleteError: 'The content had issues deleting',
  blockDeleted: 'The content block has been deleted',
  blockDeleteError: 'The conent block had issues deleting',
  blockFieldDeleted: 'The content block field has been deleted',
  blockFieldDeleteError: 'The conent block field had issues deleting',
  updatedInfo: 'The updated date and person have been updated',
  updatedInfoError: 'The template had issues updating updated date and person',
  lockError: 'Error in Locking Content Data',
  unlockError: 'Error in Unlocking Content Data',
} as const;

export const EDITOR_DIALOGS = {
  draftExists:
    'You already have an available draft, delete it first if you want to create a new one.',
  notLatestPublished:
    'This is not the latest published version. Are you sure you want to create a draft from version?',
  fromLatestPublished: 'You are about to create a new draft from the latest published version',
  notSavedTitle: 'Not Saved',
  notSaved: 'You have changes that are not saved. Discard them?',
  discard: 'Discard changes',
  unsavedTitle: 'You have unsaved changes',
  unsavedPush:
    'The latest changes are not saved and will not be included in the staged version. Push to Staging anyway?',
  deleteDraftTitle: 'Delete Draft',
  onlyVersion:
    'This draft is the only version of this content, so it cannot be deleted as a draft. Delete the content in the CMS instead.',
  confirmDeleteDraft: 'Are you sure you want to delete this draft?',
  deleteItemTitle: 'Delete item',
} as const;

/** 'Reload to see Nina's changes' (UI.md: a stale save is explained with the person's name). */
export function staleSaveMessage(name: string): string {
  return `${name} saved this version after you opened it. Your changes are still here and were not saved. Reload to see ${name}'s changes (yours will be discarded), or keep editing and copy what you need first.`;
}

/** Publishing's texts (§2 publish dialog, §4 Publish, §8). */
export const PUBLISH_TEXTS = {
  submitted: 'The publish has been submitted',
  failed: 'The publish had issues',
  empty: 'There are no content or template changes to be published',
  lastPublished: 'Last Published to',
} as const;

/** What Push to Staging and Back to Draft say (§8 has no toast for them). */
export const statusToast = (version: number, to: 'staged' | 'draft') =>
  to === 'staged'
    ? `Version ${version} has been pushed to staging`
    : `Version ${version} is a draft again`;
