/**
 * A multi-stream (HLS) video with its poster. Browsers that play HLS themselves get the address
 * as the source; the others get hls.js, loaded only when a stream is shown.
 */
import { useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import './media-preview.css';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

export function StreamPlayer({
  src,
  poster,
  title,
}: {
  src: string;
  poster?: string | null;
  title: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setFailure(null);
    if (element.canPlayType(HLS_TYPE)) {
      element.src = src;
      return () => element.removeAttribute('src');
    }
    let cancelled = false;
    let destroy = () => {};
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailure('This browser cannot play streaming video.');
          return;
        }
        const hls = new Hls();
        destroy = () => hls.destroy();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailure(`The stream could not be played (${data.details}).`);
        });
        hls.loadSource(src);
        hls.attachMedia(element);
      })
      .catch(() => {
        if (!cancelled) setFailure('The stream player could not be loaded.');
      });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [src]);

  return (
    <div className="canopy-media-frame">
      <video
        ref={video}
        className="canopy-media-video"
        controls
        preload="metadata"
        poster={poster ?? undefined}
        aria-label={title}
      />
      {failure && (
        <Text size="sm" c="red" role="status">
          {failure}
        </Text>
      )}
    </div>
  );
}
