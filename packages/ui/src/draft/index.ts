/**
 * The draft of a content version that both editing surfaces (the admin's item editor and the
 * page editor) keep: its shape, reading and writing field values with change statuses, the one
 * Save body, and the layout moves of a dynamic zone applied to it.
 */
export * from './contract';
export * from './draft';
export * from './zone-ops';
export * from './kept';
export * from './live-page';
