import { useState, type FormEvent } from 'react';
import { Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { BROADCAST_MAX_LENGTH } from '../../../../contract/admin';
import type { MessageType } from '../../../../contract/realtime';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorText } from '../../../lib/api-client';
import { useSendBroadcast } from '../api/send-broadcast';
import { BroadcastProgress } from './broadcast-progress';
import { BroadcastTargetSelect, type BroadcastTarget } from './broadcast-target-select';

const MESSAGE_TYPES: { value: MessageType; label: string }[] = [
  { value: 'system-simple', label: 'System Simple' },
  { value: 'system-fancy', label: 'System Fancy' },
  { value: 'user', label: 'As User' },
];

/**
 * Sends one message to every room or to one. Results are window alerts because the spec
 * describes them as alerts; a broadcast to every room is queued, and its progress shows under
 * the form until every room is reached. A chosen room stays chosen, whatever the target's
 * search shows, so the message can never go to every room by surprise.
 */
export function BroadcastForm() {
  const send = useSendBroadcast();
  const [target, setTarget] = useState<BroadcastTarget | null>(null);
  const [message, setMessage] = useState('');
  const [messageType, setMessageType] = useState<MessageType>('system-simple');
  const [queuedId, setQueuedId] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) {
      window.alert('Please enter a message to broadcast');
      return;
    }
    try {
      const answer = await send.mutateAsync({
        roomId: target?.roomId ?? 'all',
        message: text,
        messageType,
      });
      // One room answers once delivered: an earlier broadcast's progress would read as its own.
      setQueuedId('broadcastId' in answer ? answer.broadcastId : null);
      window.alert('Broadcast sent successfully');
      setMessage('');
    } catch (failure) {
      window.alert(errorText(failure, 'Failed to send broadcast'));
    }
  };

  return (
    <section aria-labelledby="broadcast-title">
      <Title order={2} size="h3" id="broadcast-title" mb="sm">
        Broadcast Message
      </Title>
      <form onSubmit={(event) => void handleSubmit(event)}>
        <Stack>
          <BroadcastTargetSelect target={target} onChange={setTarget} />
          <Textarea
            label="Message"
            rows={4}
            maxLength={BROADCAST_MAX_LENGTH}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          <div>
            <Text id="broadcast-type-label" size="sm" fw={500} mb={4}>
              Message Type
            </Text>
            <SegmentedControl
              aria-labelledby="broadcast-type-label"
              value={messageType}
              onChange={(value) => setMessageType(value as MessageType)}
              data={MESSAGE_TYPES}
            />
          </div>
          <Group>
            <BusyButton
              type="submit"
              busy={send.isPending}
              loader
              leftSection={<IconSpeakerphone size={16} aria-hidden />}
            >
              Send Broadcast
            </BusyButton>
          </Group>
          {queuedId && <BroadcastProgress broadcastId={queuedId} />}
        </Stack>
      </form>
    </section>
  );
}
