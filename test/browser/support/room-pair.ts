/**
 * Two people in one room, as people get there: the owner creates it on /join and copies its
 * invite link from Share, the guest opens the link and joins. Accounts are registered and signed
 * in over the API (the account journeys cover the forms), each person in their own context. Also
 * the locators the message journeys share, and switches for a page's visibility and focus.
 */
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect } from '../../support/test';
import { newSignedInClient, uniqueIp, type AppClient } from '../../support/api-client';
import { field } from '../../support/browser-users';

export interface Person {
  page: Page;
  client: AppClient;
  nickname: string;
}

export interface PersonOptions {
  nickname: string;
  context?: BrowserContextOptions;
  /** Runs in the page before the app's scripts (spies, switches). */
  initScript?: () => void;
}

export async function signedInPerson(browser: Browser, options: PersonOptions): Promise<Person> {
  const { client, account } = await newSignedInClient(options.nickname);
  const context = await browser.newContext({
    extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() },
    reducedMotion: 'reduce',
    ...options.context,
  });
  if (options.initScript) await context.addInitScript(options.initScript);
  // Signed in through the API, cookies and all: the login form has journeys of its own.
  const signIn = await context.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status()).toBe(200);
  const page = await context.newPage();
  return { page, client, nickname: options.nickname };
}

/** The owner creates `roomName`; the guest joins it by its invite link. Both are in the chat. */
export async function meetInNewRoom(
  browser: Browser,
  roomName: string,
  owner: PersonOptions = { nickname: 'Alice' },
  guest: PersonOptions = { nickname: 'Bob' },
) {
  const [a, b] = await Promise.all([
    signedInPerson(browser, owner),
    signedInPerson(browser, guest),
  ]);

  await a.page.goto('/join');
  await field(a.page, 'Room Name').fill(roomName);
  await a.page.getByRole('button', { name: 'Join Room' }).click();
  await expect(a.page).toHaveURL(/\/chat\/[A-Za-z0-9_-]{16,}$/);
  const roomId = new URL(a.page.url()).pathname.split('/').at(-1)!;
  await expect(a.page.getByText('No messages yet...')).toBeVisible();
  await a.page.getByRole('button', { name: 'Share' }).click();
  const inviteLink = await a.page.getByRole('textbox', { name: 'Invite link' }).inputValue();
  await a.page.keyboard.press('Escape');

  await b.page.goto(inviteLink);
  await expect(b.page.getByRole('heading', { name: `Join "${roomName}"?` })).toBeVisible();
  await b.page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(b.page).toHaveURL(new RegExp(`/chat/${roomId}$`));
  await expect(b.page.getByText('No messages yet...')).toBeVisible();
  // Each knows the other is there ('@' suggests the people online).
  for (const page of [a.page, b.page]) {
    await expect(page.getByRole('button', { name: '2 online: show who' })).toBeVisible();
  }
  return { owner: a, guest: b, roomId };
}

export const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The conversation's items: one per message. */
export const messages = (page: Page) =>
  page.getByRole('log', { name: 'Messages' }).getByRole('listitem');

/** The message whose item holds `text`. */
export const message = (page: Page, text: string) => messages(page).filter({ hasText: text });

/** Sends a new message from the box; waits until the room has stored it (and nothing waits). */
export async function say(page: Page, text: string) {
  const stored = page.locator('li[data-message-id]');
  const before = await stored.count();
  const box = messageBox(page);
  await box.fill(text);
  await box.press('Enter');
  await expect(stored).toHaveCount(before + 1);
  await expect(page.locator('li[data-pending]')).toHaveCount(0);
}

/** A message's actions button: `whose` is 'your' or "Bob's", `quote` the words it quotes. */
export const actionsButton = (page: Page, whose: string, quote: string) =>
  page.getByRole('button', { name: `Actions for ${whose} message: "${quote}"` });

/** Opens a message's actions menu with its button (shown once the pointer is on it). */
export async function openActions(page: Page, whose: string, quote: string) {
  await actionsButton(page, whose, quote).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

declare global {
  interface Window {
    shownNotifications: { title: string; body: string }[];
    setHidden: (hidden: boolean) => void;
    setFocused: (focused: boolean) => void;
  }
}

/**
 * An init script: a page whose visibility (`setHidden`) and window focus (`setFocused`) the
 * test decides, and whose notifications are recorded (`shownNotifications`). Headless, every
 * page is both shown and focused.
 */
export function attentionSwitches() {
  const Real = window.Notification;
  window.shownNotifications = [];
  class Spy extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      window.shownNotifications.push({ title, body: options?.body ?? '' });
    }
  }
  window.Notification = Spy as typeof Notification;
  let hidden = false;
  let focused = true;
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.hasFocus = () => focused;
  window.setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  window.setFocused = (value) => {
    focused = value;
    window.dispatchEvent(new Event(value ? 'focus' : 'blur'));
  };
}
