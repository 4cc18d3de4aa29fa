/** Business constants and limits of SPEC §9. */

/** Characters the menu filter needs before it applies. */
export const MENU_FILTER_MIN_CHARS = 3;
/** The full-screen loader appears only after this many milliseconds. */
export const LOADER_DELAY_MS = 500;
export const LOADER_TRANSITION_IN_MS = 400;
export const LOADER_TRANSITION_OUT_MS = 200;
/** Order segments in tree paths are zero-padded to this many digits. */
export const PATH_SEGMENT_DIGITS = 2;
/** Publish and unpublish dates of new content; this value means "not set". */
export const DEFAULT_PUBLISH_DATE = '1970-01-01 12:00';
export const DEFAULT_UNPUBLISH_DATE = '1970-01-01 12:00';
/** The version number of new content. */
export const FIRST_VERSION = 1;
/** Largest media file accepted, in bytes. */
export const MAX_MEDIA_FILE_SIZE = 100_000_000;
export const RICH_TEXT_FULL_EDITOR_HEIGHT = 500;
/** Text fields hold at most this many characters. */
export const TEXT_FIELD_MAX_LENGTH = 4000;
/** Widget names longer than this are cut (to one more character plus an ellipsis). */
export const WIDGET_NAME_MAX_SHOWN = 30;
export const SIDE_PANEL_TRANSITION_MS = 300;
export const REFOCUS_RETRY_DELAY_MS = SIDE_PANEL_TRANSITION_MS - 100;
/** Token renewal fires a random 0..5 s before expiry. */
export const TOKEN_RENEWAL_JITTER_MS = 5_000;
/** Cookie guard that stops several tabs renewing a token at once. */
export const TOKEN_RENEWAL_GUARD_MS = 30_000;
/** Tabs that waited for another tab's renewal refresh after this long. */
export const TOKEN_RENEWAL_WAIT_MS = 20_000;
/** Micro-app instance ids are joined with this separator. */
export const MICROAPP_INSTANCE_SEPARATOR = '|';
export const MICROAPP_DEFAULT_MODIFIER_GROUP = 'PORTAL-EDITOR';
export const MICROAPP_DEFAULT_STATUS = 0;
/** Build definition id sent with every publish. */
export const BUILD_DEFINITION_ID = '263';
export const PUBLISH_BUILD_TYPE = 'both';
export const CONTENT_API_BASE_PATH = '/api/contents/';
export const TOAST_MAX_VISIBLE = 3;
export const TOAST_HIDE_AFTER_MS = 5000;
export const DOCUMENT_PREVIEW_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
] as const;
export const SIGN_IN_SCOPES = ['openid', 'profile', 'api-access', 'email'] as const;

/**
 * Fixed ids of the tree's permanent roots (§9). They are the same on every installation so
 * that templates, links and scripts can name them.
 */
export const TEMPLATE_FOLDER_ID = '00000000-0000-4000-8000-000000000001';
export const MEDIA_LIBRARY_ROOT_ID = '00000000-0000-4000-8000-000000000002';
export const WIDGET_TEMPLATES_ROOT_ID = '00000000-0000-4000-8000-000000000003';
