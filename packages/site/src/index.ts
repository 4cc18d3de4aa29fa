/** @canopy/site: the public site's components, registry, default theme and renderer. */
export * from './data';
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
export { sampleBatch } from './sample';
export { sanitizeRichText } from './sanitize';
export { RichText, Editable, PageLink, Zone, Widget, Placeholder, text } from './components/parts';
export * from './editing';
export { PageBody, PageContent, themeClass } from './components/document';
export { Microapps } from './components/microapps';
