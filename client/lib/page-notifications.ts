/**
 * The notifications the open app shows itself (`new Notification`), kept until they close: a
 * sign-out closes them with the service worker's (push-subscription.ts), so what a room said
 * ('Ada: …') does not stay in the system's notification centre for the next person.
 */
const open = new Set<Notification>();

export function showPageNotification(title: string, options: NotificationOptions): Notification {
  const notification = new Notification(title, options);
  open.add(notification);
  notification.onclose = () => open.delete(notification);
  return notification;
}

export function closePageNotifications(): void {
  for (const notification of open) notification.close();
  open.clear();
}
