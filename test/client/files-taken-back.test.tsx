import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageForm } from '../../client/features/chat/components/message-form';
import { ComposerIntentProvider } from '../../client/features/chat/composer/composer-intent';
import type { ReturnedText } from '../../client/features/chat/connection/room-state';
import { renderWithMantine } from './render-mantine';

const photo = { id: 'f-7', name: 'cat.jpg', size: 2048, type: 'image/jpeg', width: 4, height: 3 };
const pdf = { id: 'f-8', name: 'plan.pdf', size: 4096, type: 'application/pdf' };

/** The form of a page reloaded since its texts were typed: the room hands back `returned`. */
function renderWithReturned(returned: ReturnedText[]) {
  const send = vi.fn(() => Promise.resolve({ ok: true as const }));
  renderWithMantine(
    <ComposerIntentProvider>
      <MessageForm
        roomId="room-a"
        onSend={send}
        returned={returned}
        takeReturned={() => returned}
      />
    </ComposerIntentProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { send, box };
}

describe('a refused text from before a reload', () => {
  it('comes back to the box with its files attached, to send again', async () => {
    const { send, box } = renderWithReturned([
      { text: 'look', error: 'Slow down', files: [photo, pdf] },
    ]);
    await screen.findByText('Not sent: Slow down');
    expect(box.value).toBe('look');
    const strip = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(strip).getByText('cat.jpg')).toBeTruthy();
    expect(within(strip).getByText('plan.pdf')).toBeTruthy();
    // The photo's thumbnail is the upload itself: its bytes were never kept here.
    expect(strip.querySelector('img')?.getAttribute('src')).toBe('/api/files/f-7');

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith('look', { files: [photo, pdf] });
  });

  it('says which files are gone when the server has removed the upload', async () => {
    const { box } = renderWithReturned([
      {
        text: 'look',
        error: 'That file is not one of your uploads to this room, or it was sent already',
        code: 'file_not_found',
        files: [photo],
      },
    ]);
    await screen.findByText(
      'Not sent: cat.jpg is no longer on the server (an upload not sent within a day is removed). Attach it again.',
    );
    expect(box.value).toBe('look');
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
  });
});

describe('a send refused in this tab', () => {
  it('does not put back files the server has removed, and says so', async () => {
    const send = vi.fn(() =>
      Promise.resolve({ ok: false as const, error: 'gone', code: 'file_not_found' as const }),
    );
    const returned = [{ text: '', error: 'Slow down', files: [pdf] }];
    renderWithMantine(
      <ComposerIntentProvider>
        <MessageForm
          roomId="room-a"
          onSend={send}
          returned={returned}
          takeReturned={() => returned}
        />
      </ComposerIntentProvider>,
    );
    await screen.findByRole('list', { name: 'Attachments' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(
      'Not sent: plan.pdf is no longer on the server (an upload not sent within a day is removed). Attach it again.',
    );
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
  });
});
