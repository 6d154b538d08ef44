/**
 * An administrator made with `npm run make-admin` signs in, sees the counts, broadcasts a
 * System Fancy message that a member sees as a notification, joins that room as a moderator,
 * kicks the member, and finds those actions and the failed logins on the Security tab.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '../support/test';
import { AppClient, newSignedInClient } from '../support/api-client';
import { logIn, newPerson, signUpAndLogIn } from '../support/browser-users';
import { STATE_DIR } from '../support/paths';

test('the admin dashboard, broadcast, moderation and security log', async ({ browser }) => {
  const stamp = Date.now();
  const adminEmail = `admin-${stamp}@example.com`;
  const admin = await newPerson(browser);
  const member = await newPerson(browser);

  await signUpAndLogIn(member, `member-${stamp}@example.com`, 'Member');
  await member.getByRole('link', { name: 'Create Room' }).click();
  await member.getByRole('textbox', { name: 'Room Name', exact: true }).fill(`Lobby ${stamp}`);
  await member.getByRole('button', { name: 'Join Room' }).click();
  await expect(member.getByText('No messages yet...')).toBeVisible();
  // A second member, whom the moderator will kick.
  const roomId = member.url().split('/chat/')[1]!;
  const { client: guest } = await newSignedInClient('Guest');
  await guest.call('/join', { body: { roomId } });

  // Somebody guesses passwords (from elsewhere): the Security tab must show it.
  const intruder = new AppClient();
  for (let i = 0; i < 3; i++) {
    await intruder.call('/auth/login', { body: { email: adminEmail, password: `guess-${i}` } });
  }

  await admin.goto('/register');
  await admin.getByRole('textbox', { name: 'Email', exact: true }).fill(adminEmail);
  await admin.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-pass');
  await admin.getByRole('textbox', { name: 'Nickname', exact: true }).fill('Boss');
  await admin.getByRole('button', { name: 'Register' }).click();
  await expect(admin).toHaveURL(/\/login/);
  execFileSync('npm', ['run', 'make-admin', '--', adminEmail], {
    env: { ...process.env, WRANGLER_PERSIST_DIR: STATE_DIR },
    stdio: 'pipe',
  });
  await logIn(admin, adminEmail);

  await expect(admin.getByText('Admin Dashboard')).toBeVisible();
  for (const label of ['Users', 'Rooms', 'Messages'])
    await expect(admin.getByText(label, { exact: true }).first()).toBeVisible();

  await admin
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('<b>Heads up</b>: maintenance tonight');
  await admin.getByText('System Fancy').click();
  admin.once('dialog', (dialog) => dialog.accept());
  await admin.getByRole('button', { name: 'Send Broadcast' }).click();
  await expect(member.getByText('Heads up')).toBeVisible();
  // 'All Rooms' is queued: the form follows it until every room has it.
  await expect(admin.getByText(/^Delivered to (\d+) of \1 rooms$/)).toBeVisible();

  // The room is found by a server-side search, however many rooms there are.
  await admin.getByRole('searchbox', { name: 'Search rooms' }).fill(roomId);
  const rooms = admin.getByRole('table', { name: 'Manage Rooms' });
  await expect(rooms.getByRole('row')).toHaveCount(2);
  const row = rooms.getByRole('row', { name: new RegExp(roomId) });
  await row.getByRole('button', { name: 'Join' }).click();
  await expect(admin).toHaveURL(new RegExp(`/chat/${roomId}`));
  await admin.getByRole('button', { name: 'Rooms' }).click();
  await expect(admin.getByText('Moderator Mode')).toBeVisible();
  await expect(admin.getByText('Joined as: Mod')).toBeVisible();
  const guestRow = admin
    .getByText(/Guest/)
    .locator('xpath=ancestor::*[.//button[normalize-space()="Kick"]][1]');
  await guestRow.getByRole('button', { name: 'Kick' }).click();
  await expect(admin.getByText(/kicked successfully/)).toBeVisible();

  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Security' }).click();
  await admin.getByRole('button', { name: 'Refresh' }).click();
  for (const eventType of ['login_failed', 'admin_broadcast', 'admin_join', 'member_kicked']) {
    await expect(admin.getByText(eventType, { exact: true }).first()).toBeVisible();
  }
});
