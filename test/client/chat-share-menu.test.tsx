import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { ShareMenu } from '../../client/features/share/components/share-menu';
import { createQueryClient } from '../../client/lib/query-client';
import type { LimitedInviteLink } from '../../contract/invites';
import { fakeApi, type FetchCall } from './render-app';
import { renderWithMantine } from './render-mantine';

function renderShareMenu(roomName = 'Book club') {
  return renderWithMantine(
    <QueryClientProvider client={createQueryClient()}>
      <ShareMenu roomId="room-a" roomName={roomName} />
    </QueryClientProvider>,
  );
}

function renderMenu(roomName = 'Book club') {
  renderShareMenu(roomName);
  fireEvent.click(screen.getByRole('button', { name: 'Share' }));
  return screen.findByRole('dialog', { name: `Share "${roomName}"` });
}

describe('share menu', () => {
  it('takes the focus in, and gives it back to its button when Escape closes it', async () => {
    renderShareMenu();
    const button = screen.getByRole('button', { name: 'Share' });
    // As from the keyboard: the focus is on the button, Enter opens the menu.
    button.focus();
    fireEvent.click(button);
    const menu = await screen.findByRole('dialog', { name: 'Share "Book club"' });
    const field = within(menu).getByRole('textbox', { name: 'Invite link' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Share "Book club"' })).toBeNull(),
    );
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('closes on Escape with the focus back on its button, as on an outside click', async () => {
    await renderMenu();
    screen.getAllByRole('button', { name: 'Share' })[0]!.focus();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Share "Book club"' })).toBeNull(),
    );
  });

  it('breaks a long unbroken room name in its title instead of overflowing, and shows all of it', async () => {
    const roomName = 'W'.repeat(50);
    const menu = await renderMenu(roomName);
    const title = within(menu).getByRole('heading', { name: `Share "${roomName}"` });
    // jsdom lays nothing out: the style that lets the browser break inside the word is the check.
    expect(getComputedStyle(title).overflowWrap).toBe('anywhere');
    expect(title.textContent).toBe(`Share "${roomName}"`);
  });

  it('offers the invite link by copy, email, WhatsApp and QR code', async () => {
    const menu = await renderMenu();
    const link = `${window.location.origin}/invite?room=room-a`;
    const field = within(menu).getByRole('textbox', { name: 'Invite link' }) as HTMLInputElement;
    expect(field.value).toBe(link);
    expect(field.readOnly).toBe(true);

    const email = within(menu).getByRole('link', { name: 'Email' }).getAttribute('href')!;
    expect(email.startsWith('mailto:?subject=')).toBe(true);
    expect(decodeURIComponent(email)).toContain(link);
    expect(decodeURIComponent(email)).toMatch(/need an account/);
    const whatsApp = within(menu).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')!;
    expect(whatsApp.startsWith('https://wa.me/?text=')).toBe(true);
    expect(within(menu).getByText(/New users will need to create an account/)).toBeTruthy();

    fireEvent.click(within(menu).getByRole('button', { name: 'QR Code' }));
    const qr = await within(menu).findByRole('img', { name: 'Invite QR code' });
    expect(qr.getAttribute('width')).toBe('150');
  });

  it('copies the link and shows a check for 2 seconds', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const menu = await renderMenu();
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(within(menu).getByRole('button', { name: 'Copy invite link' }));
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite?room=room-a`);
    expect(screen.getByText('Invite link copied')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Invite link copied')).toBeNull();
  });

  it('falls back to select and copy when the clipboard is refused', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    const menu = await renderMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Copy invite link' }));
    await waitFor(() => expect(execCommand).toHaveBeenCalledWith('copy'));
  });
});

describe("the owner's invite links", () => {
  const standing = `${window.location.origin}/invite?room=room-a&invite=newcode0000000000000`;
  const limited = `${window.location.origin}/invite?room=room-a&invite=limited0000000000000`;

  const creations = (calls: FetchCall[]) =>
    calls.filter((call) => call.path === '/api/rooms/room-a/invites' && call.method === 'POST');

  /** The owner's server: links made are listed, as GET /invites lists them after a reload. */
  function ownerApi(
    canManage: boolean,
    listed: { links?: LimitedInviteLink[]; roomIdAdmits?: boolean } = {},
  ) {
    const links = [...(listed.links ?? [])];
    let roomIdAdmits = listed.roomIdAdmits ?? false;
    return fakeApi(null, (call: FetchCall) => {
      if (call.path === '/api/rooms/room-a/invite') {
        return {
          status: 200,
          body: { inviteUrl: limited.replace('limited', 'current'), canManage },
        };
      }
      if (call.path === '/api/rooms/room-a/invite/reset') {
        return { status: 200, body: { inviteUrl: standing } };
      }
      if (call.path === '/api/rooms/room-a/invites' && call.method === 'GET') {
        return { status: 200, body: { links, roomIdAdmits } };
      }
      if (call.path === '/api/rooms/room-a/invites') {
        const made = { inviteUrl: limited, expiresAt: Date.now() + 86_400_000, maxUses: 5 };
        links.unshift({ ...made, uses: 0 });
        roomIdAdmits = false;
        return { status: 201, body: made };
      }
      return undefined;
    });
  }

  it('shows the link the server gives, and resets it after a confirmation', async () => {
    const { calls } = ownerApi(true);
    const menu = await renderMenu();
    const field = within(menu).getByRole('textbox', { name: 'Invite link' }) as HTMLInputElement;
    await waitFor(() => expect(field.value).toContain('invite=current'));

    fireEvent.click(await within(menu).findByRole('button', { name: 'Reset invite link' }));
    expect(calls.some((call) => call.path.endsWith('/invite/reset'))).toBe(false);
    fireEvent.click(within(menu).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(field.value).toBe(standing));
    // A status region: its words come a moment after it appears (use-filled-after-mount.ts).
    expect(await within(menu).findByText(/no longer let anyone new in/)).toBeTruthy();
  });

  // Each of these buttons goes as it is pressed: the focus fell to the page's start, out of
  // the menu, and Tab went on through the page behind it.
  it('keeps the focus in the menu through the reset: on Cancel, then back on its button', async () => {
    ownerApi(true);
    const menu = await renderMenu();
    const ask = () => within(menu).findByRole('button', { name: 'Reset invite link' });

    fireEvent.click(await ask());
    await waitFor(() =>
      expect(document.activeElement).toBe(within(menu).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.click(within(menu).getByRole('button', { name: 'Cancel' }));
    await waitFor(async () => expect(document.activeElement).toBe(await ask()));

    fireEvent.click(await ask());
    within(menu).getByRole('button', { name: 'Reset link' }).focus();
    fireEvent.click(within(menu).getByRole('button', { name: 'Reset link' }));
    await within(menu).findByText(/no longer let anyone new in/);
    await waitFor(async () => expect(document.activeElement).toBe(await ask()));
  });

  it('makes a link that expires and runs out', async () => {
    const { calls } = ownerApi(true);
    const menu = await renderMenu();
    const expires = (await within(menu).findByLabelText('Link expires')) as HTMLSelectElement;
    fireEvent.change(expires, { target: { value: '24' } });
    fireEvent.change(within(menu).getByLabelText('Max uses'), { target: { value: '5' } });
    fireEvent.click(within(menu).getByRole('button', { name: 'Create limited link' }));

    const made = (await within(menu).findByRole('textbox', {
      name: 'Limited link',
    })) as HTMLInputElement;
    expect(made.value).toBe(limited);
    expect(within(menu).getByText(/Expires .* · 5 uses/)).toBeTruthy();
    const [sent] = creations(calls);
    expect(sent?.body).toEqual({ expiresInHours: 24, maxUses: 5 });
  });

  it('offers the settings to the owner only', async () => {
    ownerApi(false);
    const menu = await renderMenu();
    const field = within(menu).getByRole('textbox', { name: 'Invite link' }) as HTMLInputElement;
    await waitFor(() => expect(field.value).toContain('invite=current'));
    expect(within(menu).queryByRole('button', { name: 'Reset invite link' })).toBeNull();
  });

  it('lists the live limited links again when the menu opens, each to copy', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const open = `${window.location.origin}/invite?room=room-a&invite=open00000000000000000`;
    ownerApi(true, {
      links: [
        { inviteUrl: limited, maxUses: 5, uses: 1 },
        { inviteUrl: open, uses: 3 },
      ],
    });
    const menu = await renderMenu();
    const list = await within(menu).findByRole('list', { name: 'Limited links' });
    const fields = within(list).getAllByRole('textbox', { name: 'Limited link' });
    expect(fields.map((field) => (field as HTMLInputElement).value)).toEqual([limited, open]);
    expect(within(list).getByText('4 uses left')).toBeTruthy();
    expect(within(list).getByText('No limits')).toBeTruthy();

    const copyButtons = within(list).getAllByRole('button', { name: 'Copy limited link' });
    await act(async () => {
      fireEvent.click(copyButtons[1]!);
    });
    expect(writeText).toHaveBeenCalledWith(open);
  });

  it('says the plain link stops working before the first limited link, and Cancel makes none', async () => {
    const { calls } = ownerApi(true, { roomIdAdmits: true });
    const menu = await renderMenu();
    const ask = () => within(menu).getByRole('button', { name: 'Create limited link' });
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/rooms/room-a/invites')).toBe(true),
    );
    fireEvent.click(await within(menu).findByRole('button', { name: 'Create limited link' }));
    expect(
      within(menu).getByText(
        "The first limited link replaces the room's invite link. Anyone holding the current link will no longer be able to join.",
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(menu).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.click(within(menu).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(ask()));
    expect(creations(calls)).toHaveLength(0);

    fireEvent.click(ask());
    fireEvent.click(within(menu).getByRole('button', { name: 'Create link' }));
    const made = (await within(menu).findByRole('textbox', {
      name: 'Limited link',
    })) as HTMLInputElement;
    expect(made.value).toBe(limited);
    expect(creations(calls)).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(ask()));
    // Links are on now: the next one is made without asking.
    fireEvent.click(ask());
    await waitFor(() => expect(creations(calls)).toHaveLength(2));
    expect(within(menu).queryByText(/replaces the room's invite link/)).toBeNull();
  });
});
