import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnlinePeople } from '../../client/features/chat/components/online-people';
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
});
