import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageForm } from '../../client/features/chat/components/message-form';
import {
  ComposerIntentProvider,
  useComposerActions,
} from '../../client/features/chat/composer/composer-intent';
import { FILE_MAX_BYTES } from '../../contract/files';
import type { ChatMessage } from '../../contract/realtime';
import { renderWithMantine } from './render-mantine';

type Result = { ok: true } | { ok: false; error: string };

/** XMLHttpRequest as the upload uses it, driven by the test: progress, answer, abort. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onprogress: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  url = '';
  body: FormData | null = null;
  aborted = false;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(percent: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }));
  }
  /** The server's answer; the screen has taken it in when this resolves. */
  async respond(status: number, body: unknown) {
    await act(async () => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
}

const uploaded = (id: string, name: string, type = 'application/pdf') => ({
  id,
  name,
  size: 2048,
  type,
});

const pdf = (name = 'report.pdf') => new File(['%PDF-1.4 tiny'], name, { type: 'application/pdf' });
const jpeg = (name = 'cat.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

const bobs: ChatMessage = { id: 2, user: 'bob', text: 'lunch?', messageType: 'user', createdAt: 2 };

function ReplyButton() {
  const { reply } = useComposerActions();
  return (
    <button type="button" onClick={() => reply(bobs)}>
      reply to bob
    </button>
  );
}

function renderForm(onSend?: (text: string, options?: object) => Promise<Result>) {
  const send = vi.fn(onSend ?? (() => Promise.resolve<Result>({ ok: true })));
  renderWithMantine(
    <ComposerIntentProvider>
      <ReplyButton />
      <MessageForm roomId="room-a" onSend={send} />
    </ComposerIntentProvider>,
  );
  const input = document.querySelector<HTMLInputElement>('input[data-attach-input]')!;
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const user = userEvent.setup({ applyAccept: false });
  return { send, input, box, user, attach: (...files: File[]) => user.upload(input, files) };
}

/** The upload of the nth file attached, once it has started. */
async function nthUpload(n: number) {
  await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(n));
  return FakeXhr.sent[n]!;
}

const sendButton = () => screen.getByRole('button', { name: 'Send' });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => `blob:preview-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('attaching files', () => {
  it('has a paperclip for the file picker, and a room takes no file without one', () => {
    renderForm();
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[data-attach-input]')!;
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
  });

  it('uploads at once with its progress, and sends the files with no words needed', async () => {
    const { attach, send } = renderForm();
    await attach(pdf());
    const strip = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(strip).getByText('report.pdf')).toBeTruthy();

    const upload = await nthUpload(0);
    expect(upload.url).toBe('/api/rooms/room-a/files');
    expect(upload.withCredentials).toBe(true);
    expect((upload.body!.get('file') as File).name).toBe('report.pdf');
    const bar = await screen.findByRole('progressbar', { name: 'Uploading report.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    upload.progress(40);
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(sendButton()).toHaveProperty('disabled', true);

    await upload.respond(201, uploaded('f-1', 'report.pdf'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(within(strip).getByText('2 KB')).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', false);

    fireEvent.click(sendButton());
    expect(send).toHaveBeenCalledWith('', { files: [uploaded('f-1', 'report.pdf')] });
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
  });

  it('sends words, files and the reply together', async () => {
    const { attach, send, box } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'reply to bob' }));
    await attach(pdf('a.pdf'), pdf('b.pdf'));
    await (await nthUpload(0)).respond(201, uploaded('f-a', 'a.pdf'));
    await (await nthUpload(1)).respond(201, uploaded('f-b', 'b.pdf'));
    fireEvent.change(box, { target: { value: 'the two reports' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(send).toHaveBeenCalledWith('the two reports', {
      replyTo: 2,
      files: [uploaded('f-a', 'a.pdf'), uploaded('f-b', 'b.pdf')],
    });
  });

  it('does not send while an upload is on its way, even with Enter', async () => {
    const { attach, send, box } = renderForm();
    await attach(pdf());
    await nthUpload(0);
    fireEvent.change(box, { target: { value: 'wait for it' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(send).not.toHaveBeenCalled();
    expect(box.value).toBe('wait for it');
  });

  it('shows a photo as a thumbnail, and lets it go once removed', async () => {
    const { attach, box } = renderForm();
    await attach(jpeg());
    const upload = await nthUpload(0);
    const strip = await screen.findByRole('list', { name: 'Attachments' });
    const thumbnail = strip.querySelector('img')!;
    expect(thumbnail.getAttribute('src')).toMatch(/^blob:preview-/);

    fireEvent.click(screen.getByRole('button', { name: 'Remove cat.jpg' }));
    expect(upload.aborted).toBe(true);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(thumbnail.getAttribute('src'));
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
    expect(document.activeElement).toBe(box);
  });

  it('cancels an upload, says so, and retries it', async () => {
    const { attach } = renderForm();
    await attach(pdf());
    const first = await nthUpload(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel upload of report.pdf' }));
    expect(first.aborted).toBe(true);
    expect((await screen.findByRole('alert')).textContent).toBe('Upload cancelled');
    expect(sendButton()).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Retry upload of report.pdf' }));
    const second = await nthUpload(1);
    await second.respond(201, uploaded('f-2', 'report.pdf'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('says why an upload failed, in the server’s words, and offers Retry', async () => {
    const { attach } = renderForm();
    await attach(pdf());
    await (await nthUpload(0)).respond(429, { error: 'Daily upload limit reached' });
    expect(screen.getByRole('alert').textContent).toBe('Daily upload limit reached');
    fireEvent.click(screen.getByRole('button', { name: 'Retry upload of report.pdf' }));
    await (await nthUpload(1)).respond(201, uploaded('f-3', 'report.pdf'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the connection failed', async () => {
    const { attach } = renderForm();
    await attach(pdf());
    const upload = await nthUpload(0);
    await act(async () => upload.onerror?.());
    expect(screen.getByRole('alert').textContent).toMatch(/Check your connection/);
  });

  it('refuses a file over the limit here, in the server’s words, without Retry', async () => {
    const { attach } = renderForm();
    await attach(new File([new Uint8Array(FILE_MAX_BYTES + 1)], 'huge.zip'));
    expect((await screen.findByRole('alert')).textContent).toBe('File is larger than 10 MB');
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it(`takes at most 4 files a message, and says what was left out`, async () => {
    const { attach } = renderForm();
    await attach(...['1', '2', '3', '4', '5'].map((n) => pdf(`${n}.pdf`)));
    const strip = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(strip).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('alert').textContent).toBe(
      'A message takes at most 4 files: 1 file was not attached.',
    );
    expect(within(strip).queryByText('5.pdf')).toBeNull();
    await attach(pdf('6.pdf'));
    expect(within(strip).getAllByRole('listitem')).toHaveLength(4);
  });

  it('takes a pasted file, and files dropped on the chat, with a drop zone meanwhile', async () => {
    const { box } = renderForm();
    fireEvent.paste(box, { clipboardData: { files: [jpeg('pasted.png')] } });
    await screen.findByText('pasted.png');

    fireEvent.dragEnter(document.body, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByText('Drop files to attach them')).toBeTruthy();
    fireEvent.drop(document.body, {
      dataTransfer: { types: ['Files'], files: [pdf('dropped.pdf')] },
    });
    expect(screen.queryByText('Drop files to attach them')).toBeNull();
    await screen.findByText('dropped.pdf');
    expect(
      within(screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('brings the files back with the words when the room refuses the message', async () => {
    const { attach, box } = renderForm(() => Promise.resolve({ ok: false, error: 'Slow down' }));
    await attach(pdf());
    await (await nthUpload(0)).respond(201, uploaded('f-4', 'report.pdf'));
    fireEvent.change(box, { target: { value: 'here it is' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText('Not sent: Slow down');
    expect(box.value).toBe('here it is');
    expect(
      within(screen.getByRole('list', { name: 'Attachments' })).getByText('report.pdf'),
    ).toBeTruthy();
  });
});
