import { notifications } from '@mantine/notifications';
import { IconMessageCircle } from '@tabler/icons-react';
import type { ChatMessage } from '../../../../contract/realtime';
import { sanitizeHtml } from './sanitize-html';

/** Spec point 9: system notices stay 2.5 s. */
export const SYSTEM_NOTICE_MS = 2500;

/**
 * System messages are not part of the conversation: they pass as a bottom-right notification
 * without close button or progress line. The simple kind carries the product's icon.
 */
export function showSystemNotice(message: ChatMessage) {
  notifications.show({
    position: 'bottom-right',
    autoClose: SYSTEM_NOTICE_MS,
    withCloseButton: false,
    withAutoCloseProgress: false,
    icon:
      message.messageType === 'system-simple' ? (
        <IconMessageCircle size={18} aria-hidden />
      ) : undefined,
    message: <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(message.text) }} />,
  });
}

/** A failure the person should read, e.g. a refused message (spec point 8, 'Send failure'). */
export function showErrorToast(message: string) {
  notifications.show({ color: 'red', message });
}
