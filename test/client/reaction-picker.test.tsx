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

  it('moves the focus through a grid by the arrow keys, a row at a time up and down', () => {
    renderWithMantine(<ReactionPicker onReact={vi.fn()} />);
    const all = within(screen.getByRole('group', { name: 'All emoji' })).getAllByRole('button');
    const focused = () => all.indexOf(document.activeElement as HTMLButtonElement);
    all[0]!.focus();
    fireEvent.keyDown(all[0]!, { key: 'ArrowRight' });
    expect(focused()).toBe(1);
    fireEvent.keyDown(all[1]!, { key: 'ArrowDown' });
    expect(focused()).toBe(6); // five to a row
    fireEvent.keyDown(all[6]!, { key: 'ArrowUp' });
    expect(focused()).toBe(1);
    fireEvent.keyDown(all[1]!, { key: 'ArrowUp' }); // the top row: stays
    expect(focused()).toBe(1);
    fireEvent.keyDown(all[1]!, { key: 'End' });
    expect(focused()).toBe(all.length - 1);
    fireEvent.keyDown(all.at(-1)!, { key: 'ArrowRight' }); // the last: stays
    expect(focused()).toBe(all.length - 1);
    fireEvent.keyDown(all.at(-1)!, { key: 'Home' });
    expect(focused()).toBe(0);
    // The quick row is a grid of its own: the arrows do not cross into it.
    fireEvent.keyDown(all[0]!, { key: 'ArrowLeft' });
    expect(focused()).toBe(0);
  });
});
