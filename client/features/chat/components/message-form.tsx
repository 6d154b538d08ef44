import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Box, Container, Group, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconSend } from '@tabler/icons-react';
import type { UploadedFile } from '../../../../contract/files';
import {
  MESSAGE_MAX_LENGTH,
  type ChatMessage,
  type RefusalCode,
} from '../../../../contract/realtime';
import { BusyButton } from '../../../components/ui/busy-button';
import { useComposerIntent } from '../composer/composer-intent';
import { IntentBanner } from '../composer/intent-banner';
import { MentionList } from '../composer/mention-list';
import { plainText } from '../composer/plain-text';
import { useComposerText } from '../composer/use-composer-text';
import { useMentions } from '../composer/use-mentions';
import { AttachButton } from '../files/attach-button';
import { ComposerFiles } from '../files/composer-files';
import { filesGone, filesGoneText } from '../files/files-gone';
import { useComposerFiles } from '../files/use-composer-files';
import type { ReturnedText } from '../connection/room-state';
import { useEndStaysInView } from '../hooks/use-end-stays-in-view';
import { EmojiButton } from './emoji-button';
import classes from './message-form.module.css';

type SendResult = { ok: true } | { ok: false; error: string; code?: RefusalCode };
type SendOptions = { replyTo?: number; files?: UploadedFile[] };

/** The count of characters shows once this few are left (or the text is over). */
const COUNT_FROM_LEFT = 200;

interface MessageFormProps {
  /** A new message; `replyTo` while it answers one (the composer's intent). */
  onSend: (text: string, options?: SendOptions) => Promise<SendResult> | void;
  /** Saves a new text for one of the person's messages. */
  onEdit?: (messageId: number, text: string) => Promise<SendResult>;
  /** The person's newest message they may edit: Up in an empty box edits it. */
  newestOwn?: ChatMessage;
  /** The nicknames '@' suggests. */
  members?: readonly string[];
  /** What follows the '@' being typed, or null: a big room asks the server for more `members`. */
  onMentionPrefix?: (prefix: string | null) => void;
  /** The connection status, shown above the box. */
  status?: ReactNode;
  /** The scroll-to-top button: in the bar, where it can never cover a message. */
  scrollTop?: ReactNode;
  /** A keystroke that leaves text in the box (the typing indicator; throttled by the caller). */
  onTyping?: () => void;
  /** The room files are uploaded to: without it, nothing can be attached. */
  roomId?: string;
  /** Whose box this is: with the room, what is typed is kept as the room's draft. */
  accountId?: string;
  /** Texts sent before a reload that the room refused since (the room's `returned`)... */
  returned?: readonly ReturnedText[];
  /** ...which the box takes back, as it does its own refused sends. */
  takeReturned?: () => readonly ReturnedText[];
}

/**
 * The message box, kept at the bottom of the window. Enter sends, Shift+Enter starts a new
 * line (the help dialog promises both); blank text is never sent. The box empties at once (the
 * message waits as 'Sending…' while it travels); if the room refuses it, the text comes back
 * (after anything typed meanwhile) with the reason beside the box. Text over the
 * room's limit stays whole in the box (a paste is not cut short) with its count in red, and
 * is not sent until shortened.
 *
 * The box also replies and edits (the composer's intent, set from a message's actions): a
 * banner says which, Esc goes back to a new message, and Up in an empty box edits the person's
 * newest message. What was being typed before an edit comes back after it. '@' suggests the
 * room's members (use-mentions.ts). Files (the paperclip, a paste, a drop on the chat) upload
 * at once into a strip above the box (files/); Send waits for them, and the words are then
 * optional. Given the account and the room, what is typed waits there as the room's draft
 * (composer/use-room-draft.ts) when the person goes to another room or reloads the page.
 */
export function MessageForm(props: MessageFormProps) {
  const { onSend, onEdit, newestOwn, members = NO_MEMBERS, status, scrollTop, onTyping } = props;
  const { returned, takeReturned, onMentionPrefix, accountId, roomId } = props;
  const files = useComposerFiles(roomId);
  const { putBack: putFilesBack } = files;
  const withFiles = files.items.length > 0;
  const { intent, reply, edit, cancel } = useComposerIntent();
  const composed = useComposerText(intent, accountId && roomId ? { accountId, roomId } : undefined);
  const { text, setText, refusal, setRefusal, putBack, intentNow, restoredReply } = composed;
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  useEndStaysInView(barRef);
  const mentions = useMentions({ text, members, inputRef, setText });
  const length = text.trim().length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const counted = length > MESSAGE_MAX_LENGTH - COUNT_FROM_LEFT;
  const editing = intent?.kind === 'edit' ? intent.message : null;
  // Words are optional beside files: a new message's attached ones, or the edited one's own
  // (its caption can be taken away, as it could have been left out).
  const wordsOptional = editing ? Boolean(editing.files?.length) : withFiles;

  // A text typed before a reload has no send waiting for its answer here: when the room
  // refuses it, it comes back all the same, after what is typed now, with the reason, and its
  // files back in the strip (unless the server has removed them: then it says which).
  useEffect(() => {
    if (!returned?.length || !takeReturned) return;
    for (const { text: back, error, code, files: attached = [] } of takeReturned()) {
      const gone = filesGone(code) && attached.length > 0;
      if (!gone && attached.length > 0) putFilesBack(attached);
      const why = `Not sent: ${gone ? filesGoneText(attached) : error}`;
      if (back) putBack(back, why);
      else setRefusal(why);
    }
  }, [returned, takeReturned, putBack, setRefusal, putFilesBack]);

  useEffect(() => onMentionPrefix?.(mentions.prefix), [mentions.prefix, onMentionPrefix]);

  // Reply and Edit are chosen in the list: the person writes on here. A draft's reply, back as
  // the room opens, takes no focus (a phone would open its keyboard).
  useEffect(() => {
    if (intent && intent.message !== restoredReply) inputRef.current?.focus();
  }, [intent, restoredReply]);

  const save = (message: ChatMessage, trimmed: string) => {
    if (!onEdit || typeof message.id !== 'number') return;
    if (trimmed === plainText(message.text).trim()) return cancel();
    setSaving(true);
    setRefusal(null);
    void onEdit(message.id, trimmed).then((result) => {
      setSaving(false);
      if (!result.ok) return setRefusal(`Not saved: ${result.error}`);
      if (intentNow.current?.message.id === message.id) cancel();
    });
  };

  const send = () => {
    const trimmed = text.trim();
    if (tooLong || saving || (!trimmed && !wordsOptional)) return;
    if (editing) return save(editing, trimmed);
    // Every file uploaded, or nothing is sent yet (Send is disabled meanwhile).
    const taken = withFiles ? files.take() : null;
    if (withFiles && !taken) return;
    const answering = intent?.kind === 'reply' ? intent.message : null;
    setText('');
    setRefusal(null);
    if (answering) cancel();
    const options: SendOptions = {};
    if (answering && typeof answering.id === 'number') options.replyTo = answering.id;
    if (taken) options.files = taken.files;
    const sent = Object.keys(options).length > 0 ? onSend(trimmed, options) : onSend(trimmed);
    void Promise.resolve(sent).then((result) => {
      if (!result || result.ok) return taken?.release();
      const gone = taken && filesGone(result.code);
      if (gone) taken.release();
      else taken?.restore();
      const why = `Not sent: ${gone ? filesGoneText(taken.files) : result.error}`;
      if (text) putBack(text, why);
      else setRefusal(why);
      if (answering && !intentNow.current) reply(answering);
    });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event)) return;
    if (event.key === 'Escape' && intent) {
      event.preventDefault();
      cancel();
      return;
    }
    if (event.key === 'ArrowUp' && text === '' && newestOwn && onEdit && !hasModifier(event)) {
      event.preventDefault();
      edit(newestOwn);
      return;
    }
    // While an input method composes a character, Enter confirms it rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Box
      ref={barRef}
      // Where the bar's passing buttons hand the focus back to the box (focus-message-box.ts).
      data-message-bar
      pos="sticky"
      bottom={0}
      bg="var(--mantine-color-body)"
      className={classes.bar}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 90 }}
    >
      <Container size="md" className={classes.container}>
        {status}
        {/* Its × goes with it: the focus goes on to the box rather than fall to the page. */}
        {intent && (
          <IntentBanner
            intent={intent}
            onCancel={() => {
              cancel();
              inputRef.current?.focus();
            }}
          />
        )}
        <ComposerFiles files={files} onRemoved={() => inputRef.current?.focus()} />
        {/* Said once as it changes: the focus goes to the box, past the banner. */}
        <VisuallyHidden aria-live="polite">
          {intent &&
            (intent.kind === 'reply' ? `Replying to ${intent.message.user}` : 'Editing message')}
        </VisuallyHidden>
        <form onSubmit={handleSubmit} aria-label="Send a message">
          <Group gap="xs" align="flex-end" wrap="nowrap" className={classes.row}>
            <EmojiButton
              onPick={(emoji) => {
                setText((current) => current + emoji);
                inputRef.current?.focus();
              }}
            />
            {files.enabled && <AttachButton onFiles={files.add} />}
            <Box pos="relative" style={{ flex: 1, minWidth: 0 }}>
              <Textarea
                ref={inputRef}
                aria-label="Message"
                placeholder="type your message..."
                required={!wordsOptional}
                autosize
                minRows={1}
                maxRows={5}
                value={text}
                {...mentions.inputProps}
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  mentions.track(event);
                  if (event.currentTarget.value === '') setRefusal(null);
                  // Editing is not typing a new message: the others are not told.
                  else if (!editing) onTyping?.();
                }}
                onKeyDown={handleKeyDown}
                onPaste={files.onPaste}
                // Mantine sets aria-invalid from `error` (and drops one passed directly); the
                // reasons below are announced as they appear (role alert, aria-live).
                error={Boolean(refusal) || tooLong}
              />
              {mentions.open && (
                <MentionList
                  id={mentions.listId}
                  options={mentions.options}
                  active={mentions.active}
                  optionId={mentions.optionId}
                  onPick={mentions.pick}
                />
              )}
            </Box>
            <div className={classes.ends}>
              {scrollTop}
              <BusyButton
                type="submit"
                busy={saving}
                loader
                disabled={!editing && files.busy}
                classNames={{ root: classes.send, section: classes.sendIcon }}
                rightSection={
                  editing ? <IconCheck size={16} aria-hidden /> : <IconSend size={16} aria-hidden />
                }
              >
                <span className={classes.sendWord}>{editing ? 'Save' : 'Send'}</span>
              </BusyButton>
            </div>
          </Group>
          {counted && (
            <Text
              id="message-length"
              size="xs"
              c={tooLong ? 'red' : 'dimmed'}
              mt={4}
              aria-live="polite"
            >
              {length} / {MESSAGE_MAX_LENGTH}
              {tooLong &&
                ` characters: too long to send, shorten it by ${length - MESSAGE_MAX_LENGTH}`}
            </Text>
          )}
          {refusal && (
            <Text id="message-refusal" role="alert" size="sm" c="red" mt={4}>
              {refusal}
            </Text>
          )}
        </form>
      </Container>
    </Box>
  );
}

const NO_MEMBERS: readonly string[] = [];

function hasModifier(event: KeyboardEvent) {
  return event.shiftKey || event.altKey || event.ctrlKey || event.metaKey;
}
