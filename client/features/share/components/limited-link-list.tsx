import { useRef } from 'react';
import { Stack } from '@mantine/core';
import type { LimitedInviteLink } from '../../../../contract/invites';
import { useCopy } from '../hooks/use-copy';
import { CopyLinkField } from './copy-link-field';

/** "Expires 28 Nov, 21:00 · 4 uses left", or nothing for a link without bounds. */
function boundsOf({ expiresAt, maxUses, uses }: LimitedInviteLink): string {
  const parts = [];
  if (expiresAt) {
    const when = new Date(expiresAt).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    parts.push(`Expires ${when}`);
  }
  if (maxUses) {
    const left = Math.max(0, maxUses - uses);
    parts.push(`${left} ${left === 1 ? 'use' : 'uses'} left`);
  }
  return parts.join(' · ');
}

function LimitedLinkItem({ link }: { link: LimitedInviteLink }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { copied, copy } = useCopy();
  return (
    <li>
      <CopyLinkField
        inputRef={inputRef}
        size="xs"
        label="Limited link"
        description={boundsOf(link) || 'No limits'}
        link={link.inviteUrl}
        copyLabel="Copy limited link"
        copied={copied}
        onCopy={() => void copy(link.inviteUrl, inputRef.current)}
      />
    </li>
  );
}

/** The room's live limited links, newest first, each to copy again (a reset revokes them all). */
export function LimitedLinkList({ links }: { links: LimitedInviteLink[] }) {
  if (links.length === 0) return null;
  return (
    <Stack
      component="ul"
      aria-label="Limited links"
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {links.map((link) => (
        <LimitedLinkItem key={link.inviteUrl} link={link} />
      ))}
    </Stack>
  );
}
