import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, onSmallScreen, renderApp, testUser } from './render-app';

describe('top bar', () => {
  it('offers help, the title and the Login and Register links to visitors', async () => {
    fakeApi(null);
    renderApp('/');

    const header = within(screen.getByRole('banner'));
    expect((await header.findByRole('link', { name: 'Login' })).getAttribute('href')).toBe(
      '/login',
    );
    expect(header.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(header.getByRole('button', { name: 'Help' })).toBeTruthy();
    expect(header.getByRole('link', { name: 'Chat Rooms' }).getAttribute('href')).toBe('/');
    expect(screen.getByText(`© ${new Date().getFullYear()} Chat Rooms. All rights reserved`));
  });

  it("folds the links into one 'Menu' dropdown on small screens", async () => {
    await onSmallScreen(async () => {
      fakeApi(null);
      const user = userEvent.setup();
      renderApp('/');

      const header = within(screen.getByRole('banner'));
      await user.click(await header.findByRole('button', { name: 'Menu' }));
      expect(header.queryByRole('link', { name: 'Login' })).toBeNull();
      expect(await screen.findByRole('menuitem', { name: 'Login' })).toBeTruthy();
      expect(screen.getByRole('menuitem', { name: 'Register' })).toBeTruthy();
    });
  });

  it('opens the small-screen menu from the keyboard, no menu shown before', async () => {
    await onSmallScreen(async () => {
      fakeApi(null);
      const user = userEvent.setup();
      renderApp('/');

      const menu = await within(screen.getByRole('banner')).findByRole('button', { name: 'Menu' });
      expect(menu.getAttribute('aria-haspopup')).toBe('menu');
      expect(screen.queryByRole('menu')).toBeNull();
      menu.focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('menuitem', { name: 'Register' })).toBeTruthy();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
      await waitFor(() =>
        expect(document.activeElement).toBe(
          within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' }),
        ),
      );
    });
  });

  it('opens a help dialog with the four sections, and Escape closes it', async () => {
    fakeApi(null);
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog');
    for (const section of [
      'Getting started',
      'Using chat rooms',
      'Keyboard shortcuts',
      'Support contact',
    ]) {
      expect(within(dialog).getByRole('heading', { name: section })).toBeTruthy();
    }
    expect(within(dialog).getByRole('link', { name: 'support@example.com' })).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("names the help dialog's close button 'Close', and that button closes it", async () => {
    fakeApi(null);
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('returns focus to the Help button when the first help dialog closes, as on later ones', async () => {
    fakeApi(null);
    const user = userEvent.setup();
    renderApp('/');

    const help = await screen.findByRole('button', { name: 'Help' });
    for (const opening of ['first', 'second']) {
      help.focus();
      await user.keyboard('{Enter}');
      await screen.findByRole('dialog');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement, `${opening} closing`).toBe(help));
    }
  });

  it("labels the account menu 'My Account' and logs out from it", async () => {
    window.localStorage.setItem('joinedRoomId', 'room-42');
    window.localStorage.setItem('activeNickname', 'ada');
    const { calls } = fakeApi(testUser, (call) =>
      call.path === '/api/auth/logout' ? { status: 200, body: {} } : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/settings');

    await user.click(await screen.findByRole('button', { name: 'My Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.path === '/api/auth/logout' && call.method === 'POST')).toBe(
      true,
    );
    expect(window.localStorage.getItem('joinedRoomId')).toBeNull();
    expect(window.localStorage.getItem('activeNickname')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  });

  // A menu opened from the keyboard puts the focus on its first item, as the chat's menus do:
  // Mantine's default focus placeholder is a bare element inside role=menu that a screen reader
  // announces as nothing.
  it('opens the account menu from the keyboard with the focus on its first item', async () => {
    fakeApi(testUser);
    const user = userEvent.setup();
    renderApp('/settings');

    const button = await screen.findByRole('button', { name: 'My Account' });
    button.focus();
    await user.keyboard('{Enter}');
    const settings = await screen.findByRole('menuitem', { name: 'Settings' });
    await waitFor(() => expect(document.activeElement).toBe(settings));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('opens the small-screen menu with the focus on its first item', async () => {
    await onSmallScreen(async () => {
      fakeApi(null);
      const user = userEvent.setup();
      renderApp('/');

      const menu = await within(screen.getByRole('banner')).findByRole('button', { name: 'Menu' });
      menu.focus();
      await user.keyboard('{Enter}');
      const login = await screen.findByRole('menuitem', { name: 'Login' });
      await waitFor(() => expect(document.activeElement).toBe(login));
    });
  });

  it('labels the account menu with the active nickname when there is one', async () => {
    fakeApi({ ...testUser, activeNickname: 'Lovelace' });
    renderApp('/settings');
    expect(await screen.findByRole('button', { name: 'Lovelace' })).toBeTruthy();
  });
});
