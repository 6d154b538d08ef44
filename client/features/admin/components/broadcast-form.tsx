import { useState, type FormEvent } from 'react';
import {
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { BROADCAST_MAX_LENGTH } from '../../../../contract/admin';
import type { MessageType } from '../../../../contract/realtime';
import { errorText } from '../../../lib/api-client';
import { useRooms } from '../api/get-rooms';
import { useSendBroadcast } from '../api/send-broadcast';
import { BroadcastProgress } from './broadcast-progress';

const MESSAGE_TYPES: { value: MessageType; label: string }[] = [
  { value: 'system-simple', label: 'System Simple' },
  { value: 'system-fancy', label: 'System Fancy' },
  { value: 'user', label: 'As User' },
];

interface Target {
  roomId: string;
  name: string;
}

/**
 * Sends one message to every room or to one. Results are window alerts because the spec
 * describes them as alerts; a broadcast to every room is queued, and its progress shows under
 * the form until every room is reached. The rooms to choose from are the newest ones loaded
 * (the same list as Manage Rooms); a chosen room stays chosen, so the message can never go to
 * every room by surprise. The target is a native select, which works the same with a
 * keyboard, a screen reader and browser automation.
 */
export function BroadcastForm() {
  const rooms = useRooms('');
  const send = useSendBroadcast();
  const [target, setTarget] = useState<Target | null>(null);
  const [message, setMessage] = useState('');
  const [messageType, setMessageType] = useState<MessageType>('system-simple');
  const [queuedId, setQueuedId] = useState<string | null>(null);

  const loaded = (rooms.data?.pages ?? []).flatMap((page) => page.rooms ?? []);
  const choices: Target[] =
    target && !loaded.some((room) => room.roomId === target.roomId) ? [target, ...loaded] : loaded;

  const choose = (roomId: string) => {
    const room = choices.find((choice) => choice.roomId === roomId);
    setTarget(room ? { roomId: room.roomId, name: room.name } : null);
  };

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
      if ('broadcastId' in answer) setQueuedId(answer.broadcastId);
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
          <NativeSelect
            label="Target"
            value={target?.roomId ?? 'all'}
            onChange={(event) => choose(event.currentTarget.value)}
            data={[
              { value: 'all', label: 'All Rooms' },
              ...choices.map((room) => ({ value: room.roomId, label: room.name || room.roomId })),
            ]}
          />
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
            <Button
              type="submit"
              loading={send.isPending}
              leftSection={<IconSpeakerphone size={16} aria-hidden />}
            >
              Send Broadcast
            </Button>
          </Group>
          {queuedId && <BroadcastProgress broadcastId={queuedId} />}
        </Stack>
      </form>
    </section>
  );
}
