import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageForm } from '../../client/features/chat/components/message-form';
import {
  ComposerIntentProvider,
  useComposerActions,
} from '../../client/features/chat/composer/composer-intent';
import {
  mentionCandidates,
  newestEditable,
} from '../../client/features/chat/composer/use-composer-room';
import type { ChatMessage } from '../../contract/realtime';
import { renderWithMantine } from './render-mantine';

type Result = { ok: true } | { ok: false; error: string };

const message = (id: number, user: string, text: string): ChatMessage => ({
  id,
  user,
  text,
  messageType: 'user',
  createdAt: id,
});
const bobs = message(2, 'bob', 'Shall we meet <b>at noon</b>?');
const mine = message(3, 'ada', 'see you<br>at noon');

/** Stands in for the message list: a message's Reply and Edit set the composer's intent. */
function ListStandIn() {
  const { reply, edit } = useComposerActions();
  return (
    <>
      <button type="button" onClick={() => reply(bobs)}>
        reply to bob
      </button>
      <button type="button" onClick={() => edit(mine)}>
        edit mine
      </button>
    </>
  );
}

function renderComposer(
  props: {
    onSend?: (text: string, options?: { replyTo?: number }) => Promise<Result> | void;
    onEdit?: (messageId: number, text: string) => Promise<Result>;
    newestOwn?: ChatMessage;
    members?: string[];
  } = {},
) {
  const onSend = vi.fn(props.onSend ?? (() => Promise.resolve<Result>({ ok: true })));
  const onEdit = vi.fn(props.onEdit ?? (() => Promise.resolve<Result>({ ok: true })));
  renderWithMantine(
    <ComposerIntentProvider>
      <ListStandIn />
      <MessageForm
        onSend={onSend}
        onEdit={onEdit}
        newestOwn={props.newestOwn}
        members={props.members}
      />
    </ComposerIntentProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { onSend, onEdit, box };
}

/** The banner's line (a hidden live region says the same, for screen readers). */
const banner = (text: string) => screen.queryByText(text, { selector: 'p' });

const type = (box: HTMLTextAreaElement, value: string) => {
  box.focus();
  fireEvent.change(box, { target: { value } });
};

describe('replying', () => {
  it('shows whom it answers, and sends with replyTo', async () => {
    const { onSend, box } = renderComposer();
    fireEvent.click(screen.getByRole('button', { name: 'reply to bob' }));
    expect(banner('Replying to bob')).toBeTruthy();
    expect(screen.getByText('Shall we meet at noon?')).toBeTruthy();
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Replying to bob');
    await waitFor(() => expect(document.activeElement).toBe(box));

    type(box, 'yes!');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('yes!', { replyTo: 2 });
    expect(banner('Replying to bob')).toBeNull();

    type(box, 'and another');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenLastCalledWith('and another');
  });

  it('is cancelled by its × or by Esc', () => {
    const { onSend, box } = renderComposer();
    fireEvent.click(screen.getByRole('button', { name: 'reply to bob' }));
    const close = screen.getByRole('button', { name: 'Cancel reply' });
    close.focus();
    fireEvent.click(close);
    expect(banner('Replying to bob')).toBeNull();
    // The × went with the banner: the focus goes on to the box, not to the page.
    expect(document.activeElement).toBe(box);

    fireEvent.click(screen.getByRole('button', { name: 'reply to bob' }));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(banner('Replying to bob')).toBeNull();
    type(box, 'plain');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('plain');
  });

  it('comes back with the text when the room refuses the reply', async () => {
    const { box } = renderComposer({
      onSend: () => Promise.resolve({ ok: false, error: 'Message cannot be empty' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'reply to bob' }));
    type(box, 'yes!');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Not sent: Message cannot be empty',
    );
    expect(box.value).toBe('yes!');
    expect(banner('Replying to bob')).toBeTruthy();
  });
});

describe('editing', () => {
  it('takes the newest own message with Up in an empty box, and saves it', async () => {
    const { onEdit, onSend, box } = renderComposer({ newestOwn: mine });
    type(box, 'x');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(banner('Editing message')).toBeNull();
    type(box, '');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(banner('Editing message')).toBeTruthy();
    expect(box.value).toBe('see you\nat noon');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();

    type(box, 'see you at one');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onEdit).toHaveBeenCalledWith(3, 'see you at one');
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(banner('Editing message')).toBeNull());
    expect(box.value).toBe('');
  });

  it('keeps the text and says why when the room refuses the edit', async () => {
    const { box } = renderComposer({
      newestOwn: mine,
      onEdit: () => Promise.resolve({ ok: false, error: 'Message not found' }),
    });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    type(box, 'changed');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Not saved: Message not found',
    );
    expect(box.value).toBe('changed');
    expect(banner('Editing message')).toBeTruthy();
  });

  it('gives back what was being typed when Esc cancels', async () => {
    const { onEdit, box } = renderComposer();
    type(box, 'half a thought');
    fireEvent.click(screen.getByRole('button', { name: 'edit mine' }));
    expect(box.value).toBe('see you\nat noon');
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(banner('Editing message')).toBeNull();
    expect(box.value).toBe('half a thought');
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('takes a photo’s caption away, but never empties a message of words alone', async () => {
    const photo: ChatMessage = {
      ...message(4, 'ada', 'a caption'),
      files: [{ id: 'f1', name: 'p.png', size: 4, type: 'image/png', url: '/api/files/f1' }],
    };
    const { onEdit, box } = renderComposer({ newestOwn: photo });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.value).toBe('a caption');
    type(box, '');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onEdit).toHaveBeenCalledWith(4, '');
    await waitFor(() => expect(banner('Editing message')).toBeNull());

    onEdit.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'edit mine' }));
    type(box, '  ');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onEdit).not.toHaveBeenCalled();
    expect(banner('Editing message')).toBeTruthy();
  });

  it('sends nothing when the text did not change', () => {
    const { onEdit, box } = renderComposer({ newestOwn: mine });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onEdit).not.toHaveBeenCalled();
    expect(banner('Editing message')).toBeNull();
  });
});

describe('mentions', () => {
  const members = ['alice', 'bob', 'bobby', 'carol'];

  it('suggests members after @, moves with the arrows and picks with Enter', () => {
    const { onSend, box } = renderComposer({ members });
    type(box, 'hi @bo');
    const list = screen.getByRole('listbox', { name: 'Members to mention' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['@bob', '@bobby']);
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('hi @bobby ');
    expect(box.selectionStart).toBe('hi @bobby '.length);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('picks with Tab or a click, and Esc closes the list until the next @', () => {
    const { box } = renderComposer({ members });
    type(box, '@AL');
    fireEvent.keyDown(box, { key: 'Tab' });
    expect(box.value).toBe('@alice ');

    type(box, '@alice @c');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    type(box, '@alice @ca');
    expect(screen.queryByRole('listbox')).toBeNull();

    type(box, '@alice @ca @');
    fireEvent.click(screen.getByRole('option', { name: '@carol' }));
    expect(box.value).toBe('@alice @ca @carol ');
  });

  it('asks for no one inside an address, nor for a name no member has', () => {
    const { box } = renderComposer({ members });
    type(box, 'mail ada@bo');
    expect(screen.queryByRole('listbox')).toBeNull();
    type(box, '@zed');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes the list without cancelling a reply, and Esc again cancels it', () => {
    const { box } = renderComposer({ members });
    fireEvent.click(screen.getByRole('button', { name: 'reply to bob' }));
    act(() => box.focus());
    type(box, '@b');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(banner('Replying to bob')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(banner('Replying to bob')).toBeNull();
  });
});

describe('what the composer reads from the room', () => {
  it('edits the newest own message that is not deleted', () => {
    const messages = [
      message(1, 'Ada', 'old'),
      message(2, 'bob', 'theirs'),
      { ...message(3, 'ada', ''), deleted: true as const },
    ];
    expect(newestEditable(messages, 'ada')?.id).toBe(1);
    expect(newestEditable(messages, 'carol')).toBeUndefined();
  });

  it("never takes Up to a message of the nickname's earlier holder, as the history marks it", () => {
    const messages = [
      { ...message(1, 'adele', 'mine, before my rename'), mine: true },
      { ...message(2, 'ada', 'an earlier ada'), mine: false },
    ];
    expect(newestEditable(messages, 'ada')?.id).toBe(1);
  });

  it('suggests the people online and the authors shown, not the person, once each', () => {
    const roomData = {
      room: 'r',
      name: 'R',
      users: [{ nickname: 'zoe' }, { nickname: 'ada' }, { nickname: 'Mod🐸 max' }],
    };
    const messages = [
      message(1, 'Bob', 'hi'),
      message(2, 'bob', 'again'),
      { ...message(3, 'Admin', 'news'), messageType: 'system-fancy' as const },
    ];
    expect(mentionCandidates(roomData, messages, 'ADA')).toEqual(['bob', 'zoe']);
  });
});
