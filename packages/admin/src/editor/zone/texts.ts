/** The zone editor's words: §2's texts word for word, and the labels of its controls. */
export const ZONE_TEXTS = {
  dropHere: 'Drop widget here',
  empty: 'This zone has no blocks yet. Add a block to start.',
  addBlock: 'Add block',
  actions: 'Actions',
  moveUp: 'Move up',
  moveDown: 'Move down',
  moveInto: 'Move into container...',
  moveIntoTitle: 'Move into container',
  remove: 'Remove',
  restore: 'Restore',
  removedTitle: 'Removed blocks (deleted on Save)',
  unknownWidget: 'Unknown widget',
  loading: 'Loading widget...',
} as const;

/** §2: a missing block shows 'Block with id' followed by the id and 'not found'. */
export const missingBlockText = (id: string) => `Block with id ${id} not found`;

export const STATE_LABELS = {
  new: 'New',
  edited: 'Edited',
  deleted: 'To be deleted',
} as const;
