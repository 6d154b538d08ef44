import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { cutText } from '../../../../contract/cut-text';
import { filesLabel } from '../../../../contract/files';
import type { NotificationLevel } from '../../../../contract/notifications';
import type { ChatMessage } from '../../../../contract/realtime';
import { PRODUCT_NAME } from '../../../config/constants';
import { showPageNotification } from '../../../lib/page-notifications';
import { pushAvailability } from '../../../lib/push-availability';
import { subscribeToPush } from '../../../lib/push-subscription';
import { mentionsMe } from '../utils/mentions-me';
import { htmlToText } from '../utils/sanitize-html';

const BODY_MAX = 160;

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Where this browser stands: it cannot notify, it refused, it has not been asked, or it may. */
export type NotificationPermissionState = 'unsupported' | NotificationPermission;

interface Options {
  roomId: string;
  roomName: string;
  nickname: string;
  /**
   * The person's level in this room. Undefined until the server has said: then as 'mentions',
   * never as 'all', since the room may be muted (push skips the person meanwhile, their
   * socket being in the room, so a message addressed to them still comes).
   */
  level?: NotificationLevel;
}

/** The message answers one of the person's own (as the quote names its author). */
const repliesToMe = (message: ChatMessage, nickname: string) =>
  message.replyTo !== undefined &&
  'user' in message.replyTo &&
  message.replyTo.user.toLowerCase() === nickname.toLowerCase();

/**
 * Browser notifications for messages from others while the tab is hidden (the Notification
 * API; push with the app closed is client/lib/push-subscription.ts), as the person's level in
 * the room allows: 'all' every message, 'mentions' those that mention them or reply to one of
 * theirs, 'off' none. A message addressed to them so also notifies while the tab is shown but
 * its window is not the one in front, titled so, and under a tag of its own, so the next
 * ordinary message does not replace it. Permission is asked for only from the bell's menu
 * (`allow`), which then subscribes this browser to push; `pushUnavailable` says when it could
 * not (the menu tells the person). A click on one brings this tab forward, in the room.
 */
export function useMessageNotifications({ roomId, roomName, nickname, level }: Options) {
  const navigate = useNavigate();
  const [permission, setPermission] = useState<NotificationPermissionState>(() =>
    supported() ? Notification.permission : 'unsupported',
  );
  // Known from the bell's subscription, or from the session's at the start (after a reload).
  const pushUnavailable = useSyncExternalStore(
    pushAvailability.subscribe,
    pushAvailability.unavailable,
    () => false,
  );

  const allow = useCallback(async () => {
    if (!supported()) return;
    const result = await Notification.requestPermission();
    setPermission(result);
    if (result === 'granted') {
      // The same permission lets push reach this browser with the app closed, where it can.
      await subscribeToPush();
    }
  }, []);

  // A change made in the browser's site settings (or another tab) while the chat is open.
  useEffect(() => {
    if (!supported() || !navigator.permissions?.query) return;
    let status: PermissionStatus | undefined;
    let closed = false;
    const follow = () => setPermission(Notification.permission);
    navigator.permissions.query({ name: 'notifications' }).then(
      (found) => {
        if (closed) return;
        status = found;
        status.addEventListener('change', follow);
      },
      () => {},
    );
    return () => {
      closed = true;
      status?.removeEventListener('change', follow);
    };
  }, []);

  const granted = permission === 'granted';
  const latest = useRef({ granted, roomName, nickname, level });
  useEffect(() => {
    latest.current = { granted, roomName, nickname, level };
  });

  /** Called for each message that arrives live. */
  const notify = useCallback(
    (message: ChatMessage) => {
      const now = latest.current;
      const inForce = now.level ?? 'mentions';
      if (!now.granted || inForce === 'off') return;
      if (message.user.toLowerCase() === now.nickname.toLowerCase()) return;
      const mentioned = mentionsMe(message, now.nickname);
      const addressed = mentioned || repliesToMe(message, now.nickname);
      if (inForce === 'mentions' && !addressed) return;
      const away = document.visibilityState === 'hidden' || (addressed && !document.hasFocus());
      if (!away) return;
      // A message of files alone reads as they do in the room list: 'Photo', 'File: a.pdf'.
      const text = htmlToText(message.text) || filesLabel(message.files ?? []);
      const body = `${message.user}: ${cutText(text, BODY_MAX)}`;
      const room = now.roomName || PRODUCT_NAME;
      try {
        let title = room;
        if (mentioned) title = `${message.user} mentioned you in ${room}`;
        else if (addressed) title = `${message.user} replied to you in ${room}`;
        const shown = showPageNotification(title, {
          body,
          tag: addressed ? `chat-${roomId}-mention-${message.id}` : `chat-${roomId}`,
        });
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

  return { permission, pushUnavailable, allow, notify };
}
