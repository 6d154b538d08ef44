import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, onSmallScreen, renderApp, testUser } from './render-app';

const STORAGE_KEY = 'mantine-color-scheme-value';
const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe('dark mode switch', () => {
  afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

  it("gives visitors a 'Dark mode' button in the top bar that switches and remembers", async () => {
    fakeApi(null);
    const user = userEvent.setup();
    renderApp('/');

    const header = within(screen.getByRole('banner'));
    await user.click(await header.findByRole('button', { name: 'Dark mode' }));
    await waitFor(() => expect(scheme()).toBe('dark'));
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe('dark');

    await user.click(header.getByRole('button', { name: 'Light mode' }));
    await waitFor(() => expect(scheme()).toBe('light'));
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe('light');
  });

  it('puts the switch in the account menu for signed-in people', async () => {
    fakeApi(testUser);
    const user = userEvent.setup();
    renderApp('/settings');

    await user.click(await screen.findByRole('button', { name: 'My Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dark mode' }));
    await waitFor(() => expect(scheme()).toBe('dark'));
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'My Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Light mode' })).toBeTruthy();
  });

  it("starts from a remembered choice, and folds into visitors' small-screen menu", async () => {
    window.localStorage.setItem(STORAGE_KEY, 'dark');
    await onSmallScreen(async () => {
      fakeApi(null);
      const user = userEvent.setup();
      renderApp('/');

      await waitFor(() => expect(scheme()).toBe('dark'));
      await user.click(
        await within(screen.getByRole('banner')).findByRole('button', { name: 'Menu' }),
      );
      await user.click(await screen.findByRole('menuitem', { name: 'Light mode' }));
      await waitFor(() => expect(scheme()).toBe('light'));
      expect(window.localStorage.getItem(STORAGE_KEY)).toBe('light');
    });
  });
});
