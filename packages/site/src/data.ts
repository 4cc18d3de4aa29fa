/**
 * @canopy/site/data: the page models, their assembly from stored rows, and the stylesheet, without
 * React or the theme: what a server needs before it renders a page (a server that never renders
 * one never loads React).
 */
export * from './model';
export * from './assemble';
export { STYLESHEET_FILE, stylesheet } from './stylesheet';
