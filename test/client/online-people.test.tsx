import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OnlinePeople } from '../../client/features/chat/components/online-people';
import { PersonActionsProvider } from '../../client/lib/person-actions';
import { renderWithMantine } from './render-mantine';

describe("the header's online list", () => {
  it('lists who is online on a click and closes on Escape, wherever the focus is', async () => {
    renderWithMantine(<OnlinePeople users={[{ nickname: 'Ada' }, { nickname: 'Bob' }] as never} />);
    fireEvent.click(screen.getByRole('button', { name: '2 online: show who' }));
    const list = await screen.findByRole('dialog', { name: 'People online' });
    expect(within(list).getByText('Ada')).toBeTruthy();
    expect(within(list).getByText('Bob')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'People online' })).toBeNull());
  });

  // The list sits in a portal at the end of the page: with the focus left on the button, Tab
  // went on through the header and 'Message privately' was out of the keyboard's reach.
  it('takes the focus into the list when opened from the keyboard, and back on Escape', async () => {
    const user = userEvent.setup();
    renderWithMantine(
      <MemoryRouter initialEntries={['/chat/room-1']}>
        <PersonActionsProvider
          value={(_roomId, nickname) => <button type="button">Message {nickname}</button>}
        >
          <Routes>
            <Route
              path="/chat/:roomId"
              element={<OnlinePeople users={[{ nickname: 'Ada' }, { nickname: 'Bob' }] as never} />}
            />
          </Routes>
        </PersonActionsProvider>
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: '2 online: show who' });
    button.focus();
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('dialog', { name: 'People online' });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(list).getByRole('button', { name: 'Message Ada' }),
      ),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'People online' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
