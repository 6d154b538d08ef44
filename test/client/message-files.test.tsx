import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageBubble } from '../../client/features/chat/components/message-bubble';
import type { MessageFile } from '../../contract/files';
import type { ChatMessage } from '../../contract/realtime';
import { renderWithMantine } from './render-mantine';

const photo = (id: string, name: string, width: number, height: number): MessageFile => ({
  id,
  name,
  size: 300_000,
  type: 'image/jpeg',
  width,
  height,
  url: `/api/files/${id}`,
});
const report: MessageFile = {
  id: 'f-pdf',
  name: 'Quarterly report.pdf',
  size: 1_572_864,
  type: 'application/pdf',
  url: '/api/files/f-pdf',
};

function renderBubble(files: MessageFile[], text = '') {
  const message: ChatMessage = {
    id: 7,
    user: 'bob',
    text,
    messageType: 'user',
    createdAt: Date.UTC(2025, 0, 1, 12),
    files,
  };
  const { container } = renderWithMantine(
    <ul>
      <MessageBubble
        message={message}
        own={false}
        viewer="ada"
        onShowOriginal={vi.fn()}
        onReact={vi.fn()}
        onDelete={vi.fn()}
      />
    </ul>,
  );
  return container.querySelector('li')!;
}

describe('a message’s files in its bubble', () => {
  it('shows a photo at its own shape within the bubble, its size known before it loads', () => {
    const item = renderBubble([photo('f-1', 'beach.jpg', 2048, 1536)]);
    const image = within(item).getByRole('img', { name: 'beach.jpg' });
    expect(image.getAttribute('src')).toBe('/api/files/f-1');
    expect(image.getAttribute('loading')).toBe('lazy');
    // 2048×1536 within 320×320: 320×240, the same shape.
    expect(image.getAttribute('width')).toBe('320');
    expect(image.getAttribute('height')).toBe('240');
    const tall = renderBubble([photo('f-2', 'tower.jpg', 1000, 2000)]);
    const towerImage = within(tall).getByRole('img', { name: 'tower.jpg' });
    expect([towerImage.getAttribute('width'), towerImage.getAttribute('height')]).toEqual([
      '160',
      '320',
    ]);
  });

  it('has no empty text box for a message of files alone, and the words under them otherwise', () => {
    const alone = renderBubble([photo('f-1', 'beach.jpg', 800, 600)]);
    expect(alone.querySelector('[class*="content"]')).toBeNull();
    const captioned = renderBubble([photo('f-3', 'dog.jpg', 800, 600)], '<p>our dog</p>');
    expect(captioned.querySelector('[class*="content"]')?.textContent).toBe('our dog');
  });

  it('puts several photos in a grid, each a button that opens it', () => {
    const item = renderBubble([
      photo('f-1', 'a.jpg', 800, 600),
      photo('f-2', 'b.jpg', 600, 800),
      photo('f-3', 'c.jpg', 500, 500),
    ]);
    const buttons = within(item).getAllByRole('button', { name: /\.jpg$/ });
    expect(buttons.map((button) => button.textContent)).toEqual(['', '', '']);
    expect(
      within(item)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });

  it('shows any other file as a card that downloads it under its name, with its size', () => {
    const item = renderBubble([report]);
    const link = within(item).getByRole('link', { name: 'Download Quarterly report.pdf (1.5 MB)' });
    expect(link.getAttribute('href')).toBe('/api/files/f-pdf');
    expect(link.getAttribute('download')).toBe('Quarterly report.pdf');
    expect(within(link).getByText('Quarterly report.pdf')).toBeTruthy();
    expect(within(link).getByText('1.5 MB')).toBeTruthy();
    expect(within(item).queryByRole('img')).toBeNull();
  });
});

describe('the photo viewer', () => {
  it('opens at the photo clicked, moves with Left and Right, and closes with Esc', async () => {
    const item = renderBubble([
      photo('f-1', 'a.jpg', 800, 600),
      photo('f-2', 'b.jpg', 600, 800),
      photo('f-3', 'c.jpg', 500, 500),
    ]);
    fireEvent.click(within(item).getByRole('button', { name: 'b.jpg' }));
    const viewer = await screen.findByRole('dialog', { name: 'b.jpg (2 of 3)' });
    expect(within(viewer).getByRole('img', { name: 'b.jpg' }).getAttribute('src')).toBe(
      '/api/files/f-2',
    );

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'c.jpg (3 of 3)' })).toBeTruthy();
    // Round from the last to the first, and back.
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'a.jpg (1 of 3)' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog', { name: 'c.jpg (3 of 3)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'b.jpg (2 of 3)' })).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Back on the photo that opened it.
    expect(document.activeElement).toBe(within(item).getByRole('button', { name: 'b.jpg' }));
  });

  it('names a lone photo without a count, offers it to download, and closes with its button', async () => {
    const item = renderBubble([photo('f-1', 'beach.jpg', 800, 600)]);
    fireEvent.click(within(item).getByRole('button', { name: 'beach.jpg' }));
    const viewer = await screen.findByRole('dialog', { name: 'beach.jpg' });
    expect(within(viewer).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(within(viewer).getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      'beach.jpg',
    );
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
