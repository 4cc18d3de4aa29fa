/**
 * The Publish dialog (§2): the site's publishable items in a Content table and a Templates table
 * (Item Name, Modified Date, Modified By), 'Last Published to' with the mode and date, or the
 * empty-state text. Publishing to Delivery also lists the referenced items Delivery would not
 * show (NeededItems), to include or to leave out with a warning. Confirming publishes (§4: build
 * type 'both', build definition '263'), tells the result in a toast (and why it failed, in the
 * dialog) and then follows the build to a link to the page on the target.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { contentKeys, notify, formatUpdated } from '@canopy/ui';
import {
  MODE_LABELS,
  PUBLISH_TEXTS,
  TARGET_TEXTS,
  buildsQuery,
  pageAddress,
  previewHref,
  publishSite,
  publishableQuery,
  startPreviewSession,
  targetsQuery,
  type Build,
  type PublishMode,
} from './api';
import { BuildProgress, useBuild } from './BuildProgress';
import { LoadState } from './LoadState';
import { NeededItems, withReferences } from './NeededItems';

export interface PublishDialogProps {
  siteId: string;
  siteName: string;
  mode: PublishMode;
  /** The page to link to once built (the selected item's Page URL); the home page otherwise. */
  pageUrl: string | null;
  onClose: () => void;
}

interface Row {
  id: string;
  name: string;
  date: string;
  by: string | null;
}

function ItemsTable({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {caption}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No {caption === 'Templates' ? 'template' : 'content'} changes
        </Text>
      ) : (
        <Table striped highlightOnHover verticalSpacing={4} fz="sm" aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item Name</Table.Th>
              <Table.Th>Modified Date</Table.Th>
              <Table.Th>Modified By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{formatUpdated(row.date)}</Table.Td>
                <Table.Td>{row.by ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function PublishDialog({ siteId, siteName, mode, pageUrl, onClose }: PublishDialogProps) {
  const queryClient = useQueryClient();
  const items = useQuery(publishableQuery(siteId, mode));
  const targets = useQuery(targetsQuery(siteId));
  const [publishing, setPublishing] = useState(false);
  const [buildId, setBuildId] = useState<string | null>(null);
  const [included, setIncluded] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const title = `Publish to ${MODE_LABELS[mode]}`;

  const confirm = async () => {
    setPublishing(true);
    setProblem(null);
    try {
      if (mode === 'preview') await startPreviewSession();
      const { build_id } = await publishSite(siteId, mode, [...included]);
      notify('success', PUBLISH_TEXTS.submitted);
      setBuildId(build_id);
    } catch (error) {
      console.error('Publishing failed', error);
      notify('error', PUBLISH_TEXTS.failed);
      const message = (error as { message?: unknown } | null)?.message;
      setProblem(typeof message === 'string' ? message : null);
      setIncluded(new Set());
    } finally {
      setPublishing(false);
      void queryClient.invalidateQueries({ queryKey: ['publishable', siteId] });
      void queryClient.invalidateQueries(buildsQuery(siteId));
    }
  };

  const target = targets.data?.[mode];
  const link =
    target &&
    (() => {
      // Preview is entered through /api/preview with the page's delivery address (§2 Routes).
      const address = pageAddress(targets.data!.delivery, pageUrl ?? '/', window.location.origin);
      return {
        href:
          mode === 'preview'
            ? previewHref(address)
            : pageAddress(target, pageUrl ?? '/', window.location.origin),
        label: `Open ${pageUrl ?? '/'} on ${MODE_LABELS[mode]}`,
      };
    })();

  const content = items.data?.content ?? [];
  const templates = items.data?.templates ?? [];
  const last = items.data?.last_published;
  const dependencies = items.data?.dependencies ?? [];
  const nothingChanged = content.length === 0 && templates.length === 0;
  const toggle = (id: string, on: boolean) =>
    setIncluded((old) => {
      const next = new Set(old);
      if (on) for (const each of withReferences(dependencies, id)) next.add(each);
      else next.delete(id);
      return next;
    });

  return (
    <Modal opened onClose={onClose} title={title} size="xl" centered>
      {buildId ? (
        <Building
          buildId={buildId}
          link={link ?? null}
          onEnd={() => {
            // Versions changed status (delivery promotes staged ones): reload what shows them.
            void queryClient.invalidateQueries(buildsQuery(siteId));
            void queryClient.invalidateQueries({ queryKey: contentKeys.all });
          }}
          onClose={onClose}
        />
      ) : (
        <Stack gap="md">
          <Text size="sm">
            Site: <b>{siteName}</b>
          </Text>
          <Text size="sm" c="dimmed">
            {TARGET_TEXTS[mode]}
          </Text>
          <LoadState query={items} what="publishable items" height={120} />
          {items.data && (
            <>
              <Text size="sm">
                {PUBLISH_TEXTS.lastPublished} {MODE_LABELS[mode]}:{' '}
                {last ? `${formatUpdated(last.date)} by ${last.released_by}` : 'never'}
              </Text>
              {nothingChanged && (
                <Alert color="gray" variant="light">
                  {PUBLISH_TEXTS.empty}
                </Alert>
              )}
              {(!nothingChanged || dependencies.length > 0) && (
                <ScrollArea.Autosize mah="55vh">
                  <Stack gap="md">
                    {dependencies.length > 0 && (
                      <NeededItems
                        dependencies={dependencies}
                        included={included}
                        onToggle={toggle}
                      />
                    )}
                    {!nothingChanged && (
                      <>
                        <ItemsTable
                          caption="Content"
                          rows={content.map((c) => ({
                            id: c.content_id,
                            name: c.content_name,
                            date: c.updated_date,
                            by: c.updated_by,
                          }))}
                        />
                        <ItemsTable
                          caption="Templates"
                          rows={templates.map((t) => ({
                            id: t.template_id,
                            name: t.template_name,
                            date: t.updated_date,
                            by: t.updated_by,
                          }))}
                        />
                      </>
                    )}
                  </Stack>
                </ScrollArea.Autosize>
              )}
            </>
          )}
          {problem && (
            <Alert color="red" variant="light" title={PUBLISH_TEXTS.failed}>
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              onClick={() => void confirm()}
              loading={publishing}
              disabled={!items.data}
              data-autofocus
            >
              {title}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Building({
  buildId,
  link,
  onEnd,
  onClose,
}: {
  buildId: string;
  link: { href: string; label: string } | null;
  onEnd: (build: Build) => void;
  onClose: () => void;
}) {
  const build = useBuild(buildId, onEnd);
  return (
    <Stack gap="md">
      <BuildProgress build={build} link={link} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
