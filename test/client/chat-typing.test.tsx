import { useEffect, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_SEND_INTERVAL_MS, TYPING_SHOW_MS } from '../../contract/realtime';
import { TypingLine } from '../../client/features/chat/components/typing-line';
import { Typists } from '../../client/features/chat/connection/typists';
import { useTypingSignal } from '../../client/features/chat/hooks/use-typing-signal';
import { typingText } from '../../client/features/chat/utils/typing-text';
import { renderWithMantine } from './render-mantine';

let controls: Typists | null = null;
const keepControls = (value: Typists) => (controls = value);
function Harness() {
  const [typists, setTypists] = useState<readonly string[]>([]);
  const [tracker] = useState(() => new Typists(setTypists));
  useEffect(() => {
    keepControls(tracker);
    return () => tracker.stop();
  }, [tracker]);
  return <TypingLine typists={typists} />;
}

const line = () => document.querySelector('[aria-live="polite"]')!;

describe('the typing line', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('names one, two, then several typists', () => {
    expect(typingText([])).toBe('');
    expect(typingText(['Ada'])).toBe('Ada is typing…');
    expect(typingText(['Ada', 'Bob'])).toBe('Ada and Bob are typing…');
    expect(typingText(['Ada', 'Bob', 'Cy'])).toBe('Several people are typing…');
  });

  it('shows a typist until TYPING_SHOW_MS after their last signal, or until their message', () => {
    renderWithMantine(<Harness />);
    expect(line().textContent).toBe('');
    act(() => controls!.heard('Ada'));
    expect(screen.getByText('Ada is typing…')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TYPING_SHOW_MS - 1000));
    act(() => controls!.heard('Ada')); // typing on: the time starts again
    act(() => controls!.heard('Bob'));
    expect(line().textContent).toBe('Ada and Bob are typing…');
    act(() => vi.advanceTimersByTime(TYPING_SHOW_MS - 100));
    expect(line().textContent).toBe('Ada and Bob are typing…');
    act(() => controls!.stopped('Bob')); // Bob's message arrived
    expect(line().textContent).toBe('Ada is typing…');
    act(() => vi.advanceTimersByTime(200));
    expect(line().textContent).toBe('');
  });

  it('sends at most one typing signal per interval, and one at once after a send', () => {
    const signal = vi.fn(() => true);
    let typing: ReturnType<typeof useTypingSignal> | null = null;
    const keep = (value: ReturnType<typeof useTypingSignal>) => (typing = value);
    function Sender() {
      const sender = useTypingSignal(signal);
      useEffect(() => {
        keep(sender);
      });
      return null;
    }
    render(<Sender />);
    act(() => typing!.typed());
    act(() => typing!.typed());
    expect(signal).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(TYPING_SEND_INTERVAL_MS));
    act(() => typing!.typed());
    expect(signal).toHaveBeenCalledTimes(2);
    act(() => typing!.reset());
    act(() => typing!.typed());
    expect(signal).toHaveBeenCalledTimes(3);
    expect(signal).toHaveBeenLastCalledWith({ event: 'typing' });
  });
});
