/**
 * The Mantine theme of the admin and the page editor: one brand colour (teal), 14 px text, and colours that meet WCAG AA
 * contrast (4.5:1 for text): white on the brand colour's darkest shade, light badges and alerts
 * in a darker shade of their colour, and dimmed text in dark grey.
 */
import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // Filled buttons and the like: teal 9 carries white text at 5:1 (the default teal 6 at 2.6:1).
  primaryShade: { light: 9, dark: 8 },
  fontSizes: { md: '14px' },
  components: {
    // The close button of every dialog, side panel and toast has an accessible name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A menu holds menu items only (axe: aria-required-children): no focus placeholder before
    // them; opening a menu focuses its first item, as the ARIA menu pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Light variants' text (shade 9 on shade 1: 3.8:1 for green) and hovered filled buttons darkened;
 * dimmed text in gray 7.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.entries(current.colors).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-light-color`, darken(shades[9], 0.3)],
        // Hovered filled buttons go darker, not back to shade 8 (white on teal 8 is 3.9:1).
        [`--mantine-color-${name}-filled-hover`, darken(shades[9], 0.15)],
      ]),
    ),
  },
  dark: {},
});
