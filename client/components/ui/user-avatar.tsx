import { useMemo } from 'react';
import { Avatar } from '@mantine/core';
import { createAvatar } from '@dicebear/core';
import { thumbs } from '@dicebear/collection';
import { AVATAR_DEFAULT_SIZE } from '../../config/constants';

interface UserAvatarProps {
  name: string | null | undefined;
  size?: number;
}

/**
 * A generated avatar. The spec's original fetched it from an external service; drawing it in
 * the browser keeps names off third-party servers and works offline. Mantine shows the children
 * (the first letter, or '?') whenever the image fails to load.
 */
export function UserAvatar({ name, size = AVATAR_DEFAULT_SIZE }: UserAvatarProps) {
  const trimmed = name?.trim() ?? '';
  const letter = trimmed ? trimmed.charAt(0).toUpperCase() : '?';
  const src = useMemo(
    () => (trimmed ? createAvatar(thumbs, { seed: trimmed, size }).toDataUri() : null),
    [trimmed, size],
  );

  return (
    <Avatar src={src} size={size} radius="xl" color="blue" alt="" aria-hidden>
      {letter}
    </Avatar>
  );
}
