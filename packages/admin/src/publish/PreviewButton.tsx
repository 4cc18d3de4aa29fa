/**
 * The Preview command (§2 Routes): sets the preview session for the signed-in user, then opens
 * /api/preview?pageurl=<the page's full address, encoded> in a new tab, which shows the page on
 * the preview target: as last published to preview (or, not published there yet, its latest
 * publishable version). One action, used by the Publish menu and by the item editor's command bar.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { IconEdit, IconEye } from '@tabler/icons-react';
import type { Content } from '@canopy/core';
import { notify } from '@canopy/ui';
import { contentVersionQuery } from '../api';
import { pageAddress, previewHref, startPreviewSession, targetsQuery } from './api';

export const PREVIEW_LABEL = 'Preview this page';

/** What preview needs of a content item (GET /api/contents/{id} carries both). */
type PageOfContent = Partial<Pick<Content, 'site_id' | 'page_url'>>;

/** Opens the preview of a page; the tab is opened at once (inside the click) and sent on. */
export function usePreview() {
  const queryClient = useQueryClient();
  return async (contentId: string, known: PageOfContent = {}) => {
    const opened = window.open('about:blank', '_blank');
    if (opened) opened.opener = null;
    try {
      const content: PageOfContent =
        known.site_id && known.page_url
          ? known
          : await queryClient.fetchQuery(contentVersionQuery(contentId, null));
      if (!content.site_id || !content.page_url) throw new Error('This item is not a page');
      const [targets] = await Promise.all([
        queryClient.fetchQuery(targetsQuery(content.site_id)),
        startPreviewSession(),
      ]);
      const address = pageAddress(targets.delivery, content.page_url, window.location.origin);
      const href = previewHref(address);
      if (opened) opened.location.href = href;
      else window.location.assign(href);
    } catch (error) {
      opened?.close();
      console.error('Preview failed', error);
      notify('error', error instanceof Error ? error.message : 'Preview failed');
    }
  };
}

export interface PreviewButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The content item to preview. */
  contentId: string;
  /** Its Page URL and site when known (else read from the item). */
  pageUrl?: string | null;
  siteId?: string | null;
}

export function PreviewButton({ contentId, pageUrl, siteId, ...props }: PreviewButtonProps) {
  const preview = usePreview();
  const content = useQuery({
    ...contentVersionQuery(contentId, null),
    enabled: !pageUrl || !siteId,
  });
  const known: PageOfContent | undefined = content.data;
  const isPage = Boolean(pageUrl ?? known?.page_url);
  const button = (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconEye size={14} />}
      disabled={!isPage}
      onClick={() => void preview(contentId, { site_id: siteId, page_url: pageUrl })}
      {...props}
    >
      {PREVIEW_LABEL}
    </Button>
  );
  return isPage ? (
    button
  ) : (
    <Tooltip label="Only pages (items with a Page URL) have a preview">{button}</Tooltip>
  );
}

export const EDIT_IN_PAGE_LABEL = 'Edit In-Page';

/** The page editor's address for an item (and a version of it). */
export function pageEditorHref(contentId: string, version?: number): string {
  const path = `/admin/page-editor/${encodeURIComponent(contentId)}`;
  return version == null ? path : `${path}?version=${version}`;
}

/** Opens the page in the page editor (in-page editing), beside 'Preview this page'. */
export function EditInPageButton({
  contentId,
  version,
  ...props
}: Omit<ButtonProps, 'component'> & { contentId: string; version?: number }) {
  return (
    <Button
      component="a"
      href={pageEditorHref(contentId, version)}
      variant="default"
      size="xs"
      leftSection={<IconEdit size={14} />}
      {...props}
    >
      {EDIT_IN_PAGE_LABEL}
    </Button>
  );
}
