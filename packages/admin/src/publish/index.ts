/** Publishing in the admin: the header's Publish menu, its dialog, builds and preview. */
export { PublishMenu, usePublishSite } from './PublishMenu';
export { PublishDialog } from './PublishDialog';
export { BuildsPanel } from './BuildsPanel';
export { PreviewButton, usePreview, PREVIEW_LABEL } from './PreviewButton';
export { BuildProgress, useBuild } from './BuildProgress';
