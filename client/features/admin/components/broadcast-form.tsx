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
import { BROADCAST_MAX_LENGTH, type AdminRoom } from '../../../../contract/admin';
import type { MessageType } from '../../../../contract/realtime';
import { errorText } from '../../../lib/api-client';
import { sendBroadcast } from '../api/send-broadcast';

const MESSAGE_TYPES: { value: MessageType; label: string }[] = [
  { value: 'system-simple', label: 'System Simple' },
  { value: 'system-fancy', label: 'System Fancy' },
  { value: 'user', label: 'As User' },
];

/**
 * Sends one message to every room or to one. Results are window alerts because the spec
 * describes them as alerts. The target is a native select, which works the same with a
 * keyboard, a screen reader and browser automation; the three types fit in a segmented control.
 */
export function BroadcastForm({ rooms }: { rooms: AdminRoom[] }) {
  const [roomId, setRoomId] = useState('all');
  const [message, setMessage] = useState('');
  const [messageType, setMessageType] = useState<MessageType>('system-simple');
  const [sending, setSending] = useState(false);

  // A room deleted since it was chosen falls back to 'All Rooms' rather than a dead option.
  const target = roomId === 'all' || rooms.some((room) => room.roomId === roomId) ? roomId : 'all';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) {
      window.alert('Please enter a message to broadcast');
      return;
    }
    setSending(true);
    try {
      await sendBroadcast({ roomId: target, message: text, messageType });
      window.alert('Broadcast sent successfully');
      setMessage('');
    } catch (failure) {
      window.alert(errorText(failure, 'Failed to send broadcast'));
    } finally {
      setSending(false);
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
            value={target}
            onChange={(event) => setRoomId(event.currentTarget.value)}
            data={[
              { value: 'all', label: 'All Rooms' },
              ...rooms.map((room) => ({ value: room.roomId, label: room.name || room.roomId })),
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
              loading={sending}
              leftSection={<IconSpeakerphone size={16} aria-hidden />}
            >
              Send Broadcast
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
