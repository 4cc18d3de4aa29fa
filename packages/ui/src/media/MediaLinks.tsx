/** Copy Link and Download for a media file (§2 Field editors; §8 'Link Has Been Copied...'). */
import { Button } from '@mantine/core';
import { IconDownload, IconLink } from '@tabler/icons-react';
import { notify } from '../toasts';
import { absoluteUrl, downloadNameOf } from './kind';
import { MEDIA_TOASTS } from './messages';

/** Puts the file's full address on the clipboard and says so (or says why not). */
export async function copyLink(url: string): Promise<void> {
  const link = absoluteUrl(url);
  try {
    await navigator.clipboard.writeText(link);
    notify('success', MEDIA_TOASTS.linkCopied);
  } catch {
    notify('error', `The link could not be copied: ${link}`);
  }
}

export function MediaLinks({ url, name }: { url: string; name: string }) {
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconLink size={14} aria-hidden />}
        onClick={() => void copyLink(url)}
      >
        Copy Link
      </Button>
      <Button
        component="a"
        href={url}
        download={downloadNameOf(url, name)}
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} aria-hidden />}
      >
        Download
      </Button>
    </>
  );
}
