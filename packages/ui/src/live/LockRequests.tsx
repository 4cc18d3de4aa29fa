/**
 * Request the lock and its handover, the same in the item editor and the page editor: the button
 * someone with Edit sees while another person holds the lock, and the question the holder sees
 * at once (hand over, after discarding unsaved changes, or decline). Both hear the answer live.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import { refusal, type Content } from '@canopy/core';
import { stateOfContent } from '../commands/registry';
import { WithReason } from '../commands/WithReason';
import { api, asApiError, contentKeys, replyOf, queryClient } from '../server-state';
import { notify } from '../toasts';
import { useLiveEvents } from './hooks';

interface Asker {
  from: string;
  from_name: string;
}

export interface LockRequestProps {
  content: Content;
  me: string;
  /** Unsaved changes here: handing over discards them (`onDiscard`) first. */
  dirty: boolean;
  onDiscard: () => void;
}

export function LockRequests({ content, me, dirty, onDiscard }: LockRequestProps) {
  const id = content.content_id;
  const mine = content.locked_by === me;
  const [asked, setAsked] = useState(false);
  const [incoming, setIncoming] = useState<Asker | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => void queryClient.invalidateQueries({ queryKey: contentKeys.item(id) });

  // The holder's editor: an open request made before it opened.
  useEffect(() => {
    if (!mine) return setIncoming(null);
    let current = true;
    void api()
      .GET('/api/lockcontents/{id}/request', { params: { path: { id } } })
      .then((result) => current && setIncoming((result.data as Asker | null) ?? null))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [id, mine]);

  useLiveEvents((event) => {
    if (event.type !== 'lock-request' || event.content_id !== id) return;
    if (event.step === 'requested' && event.by !== me && mine) {
      setIncoming({ from: event.by ?? '', from_name: event.by_name ?? event.by ?? '' });
    } else if (event.by !== me && (event.step === 'handed-over' || event.step === 'declined')) {
      setAsked(false);
      notify(
        event.step === 'handed-over' ? 'success' : 'info',
        event.step === 'handed-over'
          ? `${event.by_name} handed you the lock`
          : `${event.by_name} declined to hand over the lock`,
      );
      reload();
    }
  });

  const requestRefused = refusal('requestLock', stateOfContent(content, me));
  const request = async () => {
    setBusy(true);
    try {
      replyOf(await api().POST('/api/lockcontents/{id}/request', { params: { path: { id } } }));
      setAsked(true);
    } catch (error) {
      notify('error', asApiError(error).message ?? 'The request could not be sent');
    } finally {
      setBusy(false);
    }
  };
  const answer = async (reply: 'handover' | 'decline') => {
    setBusy(true);
    try {
      if (reply === 'handover' && dirty) onDiscard();
      replyOf(
        await api().PUT('/api/lockcontents/{id}/request', {
          params: { path: { id } },
          body: { answer: reply },
        }),
      );
      setIncoming(null);
      if (reply === 'handover') notify('success', `The lock is now ${incoming?.from_name}'s`);
      reload();
    } catch (error) {
      notify('error', asApiError(error).message ?? 'The answer could not be sent');
      setIncoming(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {!mine && content.locked_by && (
        <WithReason reason={asked ? null : (requestRefused?.reason ?? null)}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconHandStop size={14} aria-hidden />}
            style={{ flexShrink: 0 }}
            disabled={asked || busy || requestRefused != null}
            onClick={() => void request()}
          >
            {asked ? 'Lock requested' : 'Request the lock'}
          </Button>
        </WithReason>
      )}
      <Modal
        opened={mine && incoming != null}
        onClose={() => void answer('decline')}
        title={`${incoming?.from_name ?? 'Someone'} asks for the lock`}
        centered
      >
        <Text size="sm">
          {dirty
            ? 'You have unsaved changes. Save them first, or hand over and discard them.'
            : 'Hand over the lock so they can edit, or decline and keep it.'}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" disabled={busy} onClick={() => void answer('decline')}>
            Decline
          </Button>
          <Button disabled={busy} onClick={() => void answer('handover')} data-autofocus>
            {dirty ? 'Discard and hand over' : 'Hand over'}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
