/** Rooms in the browser journeys: made on the join screen, and entered by an invite link. */
import { expect, type Page } from './test';

/** Makes a room on the join screen as `page`'s person; its id once its empty chat is shown. */
export async function createRoom(page: Page, name: string): Promise<string> {
  await page.goto('/join');
  await page.getByRole('textbox', { name: 'Room Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Join Room' }).click();
  await expect(page.getByText('No messages yet...')).toBeVisible();
  return page.url().split('/chat/')[1]!;
}

/**
 * Follows the room's invite link, which asks first (a link from anywhere must not join
 * silently), answers Join, and waits for the room's chat.
 */
export async function joinByInvite(page: Page, roomId: string) {
  await page.goto(`/invite?room=${roomId}`);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${roomId}`));
}
