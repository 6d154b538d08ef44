/**
 * Ctrl+K on the chat screen: a dialog that goes to another of the person's rooms by part of
 * its name (accents and case aside), with the arrows and Enter or a click; the current room is
 * not offered, and the shortcut works from the message box too.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HelpDialog } from '../../client/components/help-dialog';
import { RoomsDrawer } from '../../client/features/rooms/components/rooms-drawer';
import {
  matchingRooms,
  RoomSwitcherShortcut,
  SWITCHER_SHOWN_MAX,
} from '../../client/features/rooms/components/room-switcher';
import type { RoomSummary } from '../../contract/rooms';
import { fakeApi, renderAt, testUser } from './render-app';

const room = (roomId: string, name: string, extra: Partial<RoomSummary> = {}): RoomSummary => ({
  _id: roomId,
  roomId,
  name,
  activeNickname: 'Ada',
  ...extra,
});

const ROOMS = [
  room('here', 'Plans here'),
  room('cafe', 'Café talk', { unreadCount: 3 }),
  room('plans', 'Weekend plans'),
  room('dm', 'Bob', { direct: true }),
];

function renderSwitcher(beside: ReactNode = null) {
  const api = fakeApi({ ...testUser, roomId: 'here', activeNickname: 'Ada' }, (call) =>
    call.path === '/api/rooms' ? { status: 200, body: ROOMS } : undefined,
  );
  const { router } = renderAt(
    '/chat/:roomId',
    '/chat/here',
    <>
      <textarea aria-label="Message" />
      {beside}
      <RoomSwitcherShortcut currentRoomId="here" />
    </>,
  );
  return { api, router };
}

const pressCtrlK = (target: Element = document.body) =>
  fireEvent.keyDown(target, { key: 'k', code: 'KeyK', ctrlKey: true });

const optionNames = () =>
  within(screen.getByRole('listbox', { name: 'Rooms' }))
    .queryAllByRole('option')
    .map((option) => option.textContent?.trim());

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the room switcher', () => {
  it('opens on Ctrl+K from the message box, lists the other rooms and goes to one by Enter', async () => {
    const { api, router } = renderSwitcher();
    expect(screen.queryByRole('dialog')).toBeNull();
    // No rooms are read until it opens.
    expect(api.calls.some((call) => call.path === '/api/rooms')).toBe(false);
    pressCtrlK(screen.getByRole('textbox', { name: 'Message' }));
    const input = await screen.findByRole('combobox', { name: 'Room name' });
    await waitFor(() => expect(optionNames()).toEqual(['Café talk3', 'Weekend plans', 'Bob']));

    fireEvent.change(input, { target: { value: 'PLAN' } });
    expect(optionNames()).toEqual(['Weekend plans']);
    fireEvent.change(input, { target: { value: 'cafe' } });
    expect(optionNames()).toEqual(['Café talk3']);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/plans'));
    expect(window.localStorage.getItem('activeNickname')).toContain('Ada');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes to a room by a click, wraps with the arrows, and says when nothing matches', async () => {
    const { router } = renderSwitcher();
    pressCtrlK();
    const input = await screen.findByRole('combobox', { name: 'Room name' });
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[2]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.change(input, { target: { value: 'nowhere' } });
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No room matches that name.')).toBeTruthy();
    // Enter that confirms an input method's composition does not go anywhere.
    fireEvent.change(input, { target: { value: 'bob' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(router.state.location.pathname).toBe('/chat/here');
    fireEvent.click(screen.getByRole('option'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/dm'));
  });
});

describe('the room switcher beside other dialogs', () => {
  it('does not open under another dialog (help here), where typing and Enter would be unseen', async () => {
    renderSwitcher(<HelpDialog opened onClose={() => {}} />);
    const help = await screen.findByRole('dialog', { name: /help$/ });
    pressCtrlK(within(help).getByRole('button', { name: 'Close' }));
    pressCtrlK();
    // Given the render a chance to show it: it never does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Go to a room' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Room name' })).toBeNull();
  });

  it('opens over the rooms drawer, which is for going elsewhere too', async () => {
    renderSwitcher(<RoomsDrawer roomId="here" opened onClose={() => {}} />);
    const drawer = await screen.findByRole('dialog', { name: 'Joined Rooms' });
    pressCtrlK(within(drawer).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('combobox', { name: 'Room name' })).toBeTruthy();
  });
});

describe('matchingRooms', () => {
  it('keeps the list order, leaves out the current room, and shows at most the max', () => {
    expect(matchingRooms(ROOMS, ' plans ', 'here').map((r) => r.roomId)).toEqual(['plans']);
    expect(matchingRooms(ROOMS, 'plans', 'other').map((r) => r.roomId)).toEqual(['here', 'plans']);
    const many = Array.from({ length: 80 }, (_, index) => room(`r${index}`, `Room ${index}`));
    expect(matchingRooms(many, 'room', 'here')).toHaveLength(SWITCHER_SHOWN_MAX);
  });
});
