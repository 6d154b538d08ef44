import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { filesLabel } from '../../../../contract/files';
import type { ChatMessage } from '../../../../contract/realtime';
import { PRODUCT_NAME } from '../../../config/constants';
import { mentionsMe } from '../utils/mentions-me';
import { htmlToText } from '../utils/sanitize-html';

/** The person's choice in this browser: 'off' mutes a permission already granted. */
const CHOICE_KEY = 'chatNotifications';
const BODY_MAX = 160;

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

function readChoice(): string | null {
  try {
    return window.localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

function writeChoice(choice: 'on' | 'off') {
  try {
    window.localStorage.setItem(CHOICE_KEY, choice);
  } catch {
    // Without storage the choice lasts for this page view.
  }
}

export type NotificationState = 'unsupported' | 'blocked' | 'off' | 'available' | 'on';

interface Options {
  roomId: string;
  roomName: string;
  nickname: string;
}

/**
 * Browser notifications for messages from others while the tab is hidden (the Notification
 * API only: no push service, nothing leaves the browser). A message that mentions the person
 * also notifies while the tab is shown but its window is not the one in front, titled so,
 * and under a tag of its own, so the next ordinary message does not replace it. Permission is
 * asked for only from the chat's button. A click on one brings this tab forward, in the room.
 */
export function useMessageNotifications({ roomId, roomName, nickname }: Options) {
  const navigate = useNavigate();
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    supported() ? Notification.permission : 'denied',
  );
  const [choice, setChoice] = useState(readChoice);
  const active = supported() && permission === 'granted' && choice !== 'off';

  let state: NotificationState = 'available';
  if (!supported()) state = 'unsupported';
  else if (permission === 'denied') state = 'blocked';
  else if (active && choice === 'on') state = 'on';

  const enable = useCallback(async () => {
    if (!supported()) return;
    const result = await Notification.requestPermission();
    setPermission(result);
    if (result === 'granted') {
      writeChoice('on');
      setChoice('on');
    }
  }, []);

  const disable = useCallback(() => {
    writeChoice('off');
    setChoice('off');
  }, []);

  const latest = useRef({ active, roomName, nickname });
  useEffect(() => {
    latest.current = { active, roomName, nickname };
  });

  /** Called for each message that arrives live. */
  const notify = useCallback(
    (message: ChatMessage) => {
      const now = latest.current;
      if (!now.active || message.user.toLowerCase() === now.nickname.toLowerCase()) return;
      const mentioned = mentionsMe(message, now.nickname);
      const away = document.visibilityState === 'hidden' || (mentioned && !document.hasFocus());
      if (!away) return;
      // A message of files alone reads as they do in the room list: 'Photo', 'File: a.pdf'.
      const files = message.files ?? [];
      const text = htmlToText(message.text) || (files.length > 0 ? filesLabel(files) : '');
      const body = `${message.user}: ${text.length > BODY_MAX ? `${text.slice(0, BODY_MAX)}…` : text}`;
      const room = now.roomName || PRODUCT_NAME;
      try {
        const shown = new Notification(
          mentioned ? `${message.user} mentioned you in ${room}` : room,
          { body, tag: mentioned ? `chat-${roomId}-mention-${message.id}` : `chat-${roomId}` },
        );
        shown.onclick = () => {
          window.focus();
          navigate(`/chat/${encodeURIComponent(roomId)}`);
          shown.close();
        };
      } catch (error) {
        // Some browsers (Android Chrome) only notify through a service worker.
        console.warn('Could not show a notification', error);
      }
    },
    [roomId, navigate],
  );

  return { state, enable, disable, notify };
}
