import { lazy, Suspense, useId, useRef, useState } from 'react';
import {
  ActionIcon,
  Button,
  Center,
  Loader,
  Popover,
  SimpleGrid,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconBrandWhatsapp, IconMail, IconQrcode, IconShare } from '@tabler/icons-react';
import { useInviteLink } from '../api/invite-links';
import { useCopy } from '../hooks/use-copy';
import { CopyLinkField } from './copy-link-field';
import { inviteLink, inviteText, mailtoLink, whatsAppLink } from '../utils/invite-links';

const InviteQrCode = lazy(() => import('./invite-qr-code'));
const InviteLinkSettings = lazy(() => import('./invite-link-settings'));

interface ShareMenuProps {
  roomId: string;
  roomName: string;
}

/**
 * The chat header's share menu (spec point 2): the invite link to copy, the device's share
 * sheet, email, WhatsApp and a QR code. Closes on an outside click and on Escape.
 */
export function ShareMenu({ roomId, roomName }: ShareMenuProps) {
  const [opened, setOpened] = useState(false);
  const [showQr, setShowQr] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const { copied, copy } = useCopy();
  const server = useInviteLink(roomId, opened);
  // The spec's form until the server answers: the same link, unless the owner turned invite
  // links on, which the answer then replaces.
  const link = server.data?.inviteUrl ?? inviteLink(roomId);
  const title = `Share "${roomName}"`;
  // Wherever the focus is: Mantine's own Escape listens inside the dropdown only, so one
  // opened by a click (the focus left on its button) stayed open.
  useHotkeys([['Escape', () => setOpened(false), { preventDefault: false }]]);

  const shareNatively = async () => {
    if (typeof navigator.share !== 'function') return void copy(link, inputRef.current);
    try {
      await navigator.share({ title, text: inviteText(roomName), url: link });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copy.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        await copy(link, inputRef.current);
      }
    }
  };

  return (
    // The focus goes into the menu (a dialog, rendered at the end of the page) and back to its
    // button when it closes: otherwise the keyboard reached it only after the whole page.
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={320}
      shadow="md"
      trapFocus
      returnFocus
      // Never taller than the space below its button: with a few limited links and the QR code
      // it outgrew a phone's screen, and its end could not be reached (it scrolls instead).
      middlewares={{ flip: true, shift: true, size: true }}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label="Share"
          onClick={() => setOpened((open) => !open)}
        >
          <IconShare size={22} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      {/* Named by its title rather than by the button, which Mantine would use. */}
      <Popover.Dropdown aria-labelledby={titleId} style={{ overflowY: 'auto' }}>
        {/* A room name can be one long word; it breaks anywhere rather than leave the popover. */}
        <Title order={2} size="h5" mb="sm" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <CopyLinkField
          inputRef={inputRef}
          label="Invite link"
          link={link}
          copyLabel="Copy invite link"
          copied={copied}
          onCopy={() => void copy(link, inputRef.current)}
        />
        <VisuallyHidden role="status">{copied ? 'Invite link copied' : ''}</VisuallyHidden>
        <SimpleGrid cols={2} spacing="xs" mt="md">
          <Button
            variant="light"
            leftSection={<IconShare size={16} aria-hidden />}
            onClick={() => void shareNatively()}
          >
            Share
          </Button>
          <Button
            component="a"
            href={mailtoLink(roomName, link)}
            variant="light"
            leftSection={<IconMail size={16} aria-hidden />}
          >
            Email
          </Button>
          <Button
            component="a"
            href={whatsAppLink(roomName, link)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
          >
            WhatsApp
          </Button>
          <Button
            variant={showQr ? 'filled' : 'light'}
            aria-pressed={showQr}
            leftSection={<IconQrcode size={16} aria-hidden />}
            onClick={() => setShowQr((shown) => !shown)}
          >
            QR Code
          </Button>
        </SimpleGrid>
        {showQr && (
          <Center mt="md">
            <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading QR code" />}>
              <InviteQrCode link={link} />
            </Suspense>
          </Center>
        )}
        {server.data?.canManage && (
          <Suspense
            fallback={<Loader size="sm" role="status" aria-label="Loading link settings" />}
          >
            <InviteLinkSettings roomId={roomId} />
          </Suspense>
        )}
        <Text size="xs" c="dimmed" mt="md">
          New users will need to create an account before they can join this room.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
