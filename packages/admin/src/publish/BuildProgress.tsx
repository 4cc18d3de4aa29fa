/**
 * A build followed live: status, pages done of total, timings, and at the end a link to the page
 * on the target (or why it failed).
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useSession } from '@canopy/ui';
import { MODE_LABELS, isFinished, watchBuild, type Build, type BuildStatus } from './api';

export const STATUS_COLOURS: Record<BuildStatus, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The build as its events tell it (null until the first one). */
export function useBuild(buildId: string, onEnd?: (build: Build) => void): Build | null {
  const session = useSession();
  const [build, setBuild] = useState<Build | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let ended = false;
    void watchBuild(
      buildId,
      session.getToken(),
      (next) => {
        setBuild(next);
        if (!ended && isFinished(next.status)) {
          ended = true;
          onEnd?.(next);
        }
      },
      abort.signal,
    ).catch((error: unknown) => console.error('Following the build failed', error));
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per build
  }, [buildId]);
  return build;
}

export interface BuildProgressProps {
  build: Build | null;
  /** Where the page is on the target, shown once the build succeeded. */
  link: { href: string; label: string } | null;
}

export function BuildProgress({ build, link }: BuildProgressProps) {
  const total = build?.pages_total ?? 0;
  const done = build?.pages_done ?? 0;
  const status = build?.status ?? 'queued';
  const mode = build ? MODE_LABELS[build.mode] : '';
  return (
    <Stack gap="sm" aria-live="polite">
      <Group justify="space-between">
        <Text fw={600}>{build ? `Build of ${mode}` : 'Starting the build...'}</Text>
        <Badge color={STATUS_COLOURS[status]} variant="light">
          {status}
        </Badge>
      </Group>
      <Progress
        value={total > 0 ? (done / total) * 100 : status === 'succeeded' ? 100 : 0}
        animated={status === 'running' || status === 'queued'}
        color={STATUS_COLOURS[status]}
        aria-label="Build progress"
        size="lg"
      />
      <Text size="sm" c="dimmed">
        {status === 'queued' ? 'Waiting for the previous build of this target' : null}
        {status !== 'queued' ? `${done} of ${total} pages` : null}
        {build && build.pages_rendered > 0 ? `, ${build.pages_rendered} rendered` : null}
        {build?.duration_ms != null ? ` in ${formatDuration(build.duration_ms)}` : null}
      </Text>
      {status === 'failed' && (
        <Alert color="red" title="The build failed; the target still serves the previous build">
          {build?.error}
        </Alert>
      )}
      {status === 'succeeded' && link && (
        <Anchor href={link.href} target="_blank" rel="noopener" fw={600}>
          <Group gap={4} component="span">
            {link.label}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}
