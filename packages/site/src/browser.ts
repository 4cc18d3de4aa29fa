/**
 * What a browser needs to show pages as the site renders them (the page editor): the
 * components, registry, default theme, page assembling and the editing seam. No server
 * renderer, so a browser bundle stays small.
 */
export * from './model';
export { Registry, type PageProps, type WidgetProps } from './registry';
export { defaultRegistry, registerDefaultTheme } from './theme';
export * from './assemble';
export * from './editing';
export { PageBody, PageContent, themeClass } from './components/document';
export { RichText, Editable, PageLink, Zone, Widget, Placeholder, text } from './components/parts';
