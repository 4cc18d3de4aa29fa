/** Publishing in the admin: the header's Publish menu, its dialog, builds, scheduled changes and preview. */
export { PublishMenu, usePublishSite } from './PublishMenu';
export { PublishDialog } from './PublishDialog';
export { BuildsPanel } from './BuildsPanel';
export { ScheduledPanel, SCHEDULED_LABEL } from './ScheduledPanel';
export { PreviewButton, usePreview, PREVIEW_LABEL } from './PreviewButton';
export { BuildProgress, useBuild } from './BuildProgress';
