import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../contract/user';
import { fakeApi, renderApp, testUser } from './render-app';
import { sockets } from './fake-socket';

/** Which parts throw while rendering, as a bug in them would. */
const broken = vi.hoisted(() => ({ messageList: false, notFound: false, footer: false }));

vi.mock('../../client/features/chat/components/message-list', async (load) => {
  const real = await load<typeof import('../../client/features/chat/components/message-list')>();
  const Real = real.MessageList;
  return {
    MessageList: (props: Parameters<typeof Real>[0]) => {
      if (broken.messageList) throw new Error('The message list broke');
      return <Real {...props} />;
    },
  };
});

vi.mock('../../client/app/routes/not-found', async (load) => {
  const real = await load<typeof import('../../client/app/routes/not-found')>();
  const Real = real.default;
  return {
    default: () => {
      if (broken.notFound) throw new Error('The page broke');
      return <Real />;
    },
  };
});

vi.mock('../../client/components/layouts/footer', async (load) => {
  const real = await load<typeof import('../../client/components/layouts/footer')>();
  const Real = real.Footer;
  return {
    Footer: () => {
      if (broken.footer) throw new Error('The footer broke');
      return <Real />;
    },
  };
});

/** The chat connects once it mounts; this socket never hears from a server. */
vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const inRoom: PublicUser = { ...testUser, roomId: 'room-a', activeNickname: 'ada' };

beforeEach(() => {
  Object.assign(broken, { messageList: false, notFound: false, footer: false });
  sockets.length = 0;
  // React and React Router report each caught error; the tests read the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('error boundaries', () => {
  it('contains a chat that fails to render, with the top bar and a way home', async () => {
    broken.messageList = true;
    fakeApi(inRoom);
    const { router } = renderApp('/chat/room-a');

    expect(
      await screen.findByRole('heading', { name: 'The chat could not be shown' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/could not be shown/);
    // The app's top bar is back in place of the chat's own header, and works.
    const banner = screen.getByRole('banner');
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(banner.textContent).toContain('Chat Rooms');

    fireEvent.click(screen.getByRole('link', { name: 'Return To Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'The chat could not be shown' })).toBeNull();
  });

  it('renders the chat afresh on Try Again', async () => {
    broken.messageList = true;
    fakeApi(inRoom);
    renderApp('/chat/room-a');
    const retry = await screen.findByRole('button', { name: 'Try Again' });

    broken.messageList = false;
    act(() => fireEvent.click(retry));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The chat could not be shown' })).toBeNull();
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
  });

  it('shows a page that fails to render inside the layout, which stays', async () => {
    broken.notFound = true;
    fakeApi(null);
    const { router } = renderApp('/nowhere');

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByText(/All rights reserved/)).toBeTruthy();
    // The top bar's links still lead on.
    fireEvent.click(screen.getAllByRole('link', { name: 'Login' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('replaces the whole frame when the layout itself fails, with a way home', async () => {
    broken.footer = true;
    fakeApi(null);
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/app could not be shown/);
    expect(screen.getByRole('link', { name: 'Return To Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
