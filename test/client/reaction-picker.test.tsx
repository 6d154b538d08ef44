import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReactionPicker } from '../../client/features/chat/components/reaction-picker';
import { EMOJIS } from '../../client/features/chat/utils/emojis';
import { renderWithMantine } from './render-mantine';

describe('the reaction picker', () => {
  it('offers six quick reactions, then the message form’s 27 emoji, each a named button', () => {
    const onReact = vi.fn();
    renderWithMantine(<ReactionPicker onReact={onReact} />);
    const quick = screen.getByRole('group', { name: 'Quick reactions' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['👍', '❤️', '😂', '😮', '😢', '🎉']);
    const all = screen.getByRole('group', { name: 'All emoji' });
    const buttons = within(all).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(EMOJIS.map(([emoji]) => emoji));
    expect(buttons.every((button) => button.getAttribute('aria-label'))).toBe(true);

    fireEvent.click(within(all).getByRole('button', { name: 'frog' }));
    expect(onReact).toHaveBeenCalledWith('🐸');
    fireEvent.click(within(quick).getByRole('button', { name: 'red heart' }));
    expect(onReact).toHaveBeenLastCalledWith('❤️');
  });
});
