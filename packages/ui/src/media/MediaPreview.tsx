/**
 * The preview of a media file (§2 Field editors): the image, a video player, the streaming
 * player with its poster, a PDF in a frame, or an icon for Word, Excel, PowerPoint and other
 * documents. Every address it loads carries the cache-busting query of §9 (blob addresses
 * excepted), fixed for as long as the address stays the same.
 */
import { useState } from 'react';
import { Text } from '@mantine/core';
import {
  IconFileDescription,
  IconFileExcel,
  IconFileWord,
  IconPresentation,
  type Icon,
} from '@tabler/icons-react';
import { cacheBusted, downloadNameOf, previewKindOf, type PreviewKind } from './kind';
import { StreamPlayer } from './StreamPlayer';
import './media-preview.css';

export interface MediaPreviewProps {
  /** The file's address (a media-library path, or a blob address for a file not sent yet). */
  url: string;
  /** The item's name, for accessible names and labels. */
  name: string;
  /** A streaming video's poster image. */
  poster?: string | null;
  /** The file's name, when the address does not end in it (a blob address). */
  fileName?: string;
}

export function MediaPreview(props: MediaPreviewProps) {
  // A new address (a replaced file) gets a new stamp; the same address keeps its stamp.
  return <StampedPreview key={`${props.url} ${props.poster ?? ''}`} {...props} />;
}

const DOCUMENT_ICONS: Record<
  Extract<PreviewKind, 'word' | 'excel' | 'powerpoint' | 'document'>,
  { icon: Icon; label: string; colour: string }
> = {
  word: { icon: IconFileWord, label: 'Word document', colour: 'var(--mantine-color-blue-7)' },
  excel: { icon: IconFileExcel, label: 'Excel workbook', colour: 'var(--mantine-color-green-7)' },
  powerpoint: {
    icon: IconPresentation,
    label: 'PowerPoint presentation',
    colour: 'var(--mantine-color-orange-7)',
  },
  document: { icon: IconFileDescription, label: 'Document', colour: 'var(--mantine-color-gray-7)' },
};

function StampedPreview({ url, name, poster, fileName }: MediaPreviewProps) {
  const [stamp] = useState(() => Date.now());
  const src = cacheBusted(url, stamp);
  const kind = previewKindOf(fileName ?? url);
  switch (kind) {
    case 'image':
      return (
        <div className="canopy-media-frame">
          <img className="canopy-media-image" src={src} alt={`Preview of ${name}`} />
        </div>
      );
    case 'video':
      return (
        <div className="canopy-media-frame">
          <video
            className="canopy-media-video"
            src={src}
            controls
            preload="metadata"
            aria-label={`Video ${name}`}
          />
        </div>
      );
    case 'stream':
      return (
        <StreamPlayer
          src={src}
          poster={poster ? cacheBusted(poster, stamp) : null}
          title={`Streaming video ${name}`}
        />
      );
    case 'pdf':
      return (
        <div className="canopy-media-frame">
          <iframe className="canopy-media-pdf" src={src} title={`PDF ${name}`} />
        </div>
      );
    default: {
      const { icon: DocumentIcon, label, colour } = DOCUMENT_ICONS[kind];
      return (
        <div className="canopy-media-document" role="img" aria-label={`${label}: ${name}`}>
          <DocumentIcon size={40} stroke={1.4} color={colour} aria-hidden />
          <div>
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {fileName ?? downloadNameOf(url, name)}
            </Text>
          </div>
        </div>
      );
    }
  }
}
