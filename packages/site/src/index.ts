/** @canopy/site: the public site's components, registry, default theme and renderer. */
export * from './model';
export {
  Registry,
  type PageProps,
  type WidgetProps,
  type PageComponent,
  type WidgetComponent,
} from './registry';
export { defaultRegistry, registerDefaultTheme } from './theme';
export {
  renderPage,
  renderNotFound,
  renderBatch,
  withPreviewBar,
  type RenderedBatch,
} from './render';
export * from './assemble';
export { sampleBatch } from './sample';
export { sanitizeRichText } from './sanitize';
export { RichText, Editable, PageLink, Zone, Widget, Placeholder, text } from './components/parts';
export * from './editing';
export { PageBody, PageContent, themeClass } from './components/document';
export { Microapps } from './components/microapps';
export { STYLESHEET_FILE, stylesheet } from './stylesheet';
