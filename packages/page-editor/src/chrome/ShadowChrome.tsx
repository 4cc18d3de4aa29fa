/**
 * The editor's chrome (toolbars, panel, dialogs, toasts) lives in a shadow root: the site's
 * styles cannot reach it and Mantine's cannot reach the page. Mantine's variables and colour
 * scheme are set on the chrome's root element inside the shadow root (selectors there cannot see
 * the host's attributes), and its portals (menus, tooltips, dialogs, toasts) open inside it.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { ToastHost, cssVariablesResolver, theme } from '@canopy/ui';
import mantineCss from '@mantine/core/styles.css?inline';
import notificationsCss from '@mantine/notifications/styles.css?inline';
import tiptapCss from '@mantine/tiptap/styles.css?inline';
import richTextCss from '@canopy/ui/fields/rich-text.css?inline';
import selectItemCss from '@canopy/ui/items/select-item.css?inline';
import mediaPreviewCss from '@canopy/ui/media/media-preview.css?inline';
import chromeCss from './chrome.css?inline';

interface Mount {
  host: HTMLElement;
  container: HTMLElement;
}

const ROOT = '.canopy-chrome';
/** The toolbar's z-index (chrome.css); the panel sits just below it. */
const CHROME_LAYER = 900;

/** Mantine's stylesheet scoped to the chrome: its document rules apply to the chrome's root. */
function scoped(css: string): string {
  return css.replaceAll(':root', ROOT).replace(/(^|[}\s,])(html|body)(?=[\s,{])/g, `$1${ROOT}`);
}

export function ShadowChrome({ children }: { children: ReactNode }) {
  const [mount, setMount] = useState<Mount | null>(null);
  useLayoutEffect(() => {
    const host = document.createElement('canopy-page-editor');
    document.body.appendChild(host);
    const root = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent =
      scoped(mantineCss + notificationsCss + tiptapCss) +
      richTextCss +
      selectItemCss +
      mediaPreviewCss +
      chromeCss;
    root.appendChild(style);
    const container = document.createElement('div');
    container.className = 'canopy-chrome';
    root.appendChild(container);
    setMount({ host, container });
    return () => host.remove();
  }, []);
  if (!mount) return null;
  const chromeTheme = mergeThemeOverrides(theme, {
    components: {
      Portal: { defaultProps: { target: mount.container } },
      // Above the toolbar and the panel (chrome.css): a dialog, and a list or tip opened in one.
      Modal: { defaultProps: { zIndex: CHROME_LAYER + 100 } },
      Popover: { defaultProps: { zIndex: CHROME_LAYER + 200 } },
      Tooltip: { defaultProps: { zIndex: CHROME_LAYER + 200 } },
    },
  });
  return createPortal(
    <MantineProvider
      theme={chromeTheme}
      cssVariablesResolver={cssVariablesResolver}
      cssVariablesSelector={ROOT}
      getRootElement={() => mount.container}
      withGlobalClasses={false}
    >
      <ToastHost />
      {children}
    </MantineProvider>,
    mount.container,
  );
}
