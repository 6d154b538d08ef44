import { notifications } from '@mantine/notifications';
import { errorText } from '../../lib/api-client';

/**
 * A request the person started failed where no form shows errors (a button in a list or a
 * dialog): a red toast with the server's words, else `fallback`.
 */
export function showRequestError(error: unknown, fallback: string) {
  notifications.show({ color: 'red', message: errorText(error, fallback) });
}
