import type { Ref } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CopyLinkFieldProps {
  label: string;
  link: string;
  /** The copy button's accessible name. */
  copyLabel: string;
  /** The check shows instead of the copy icon (useCopy's `copied`). */
  copied: boolean;
  onCopy: () => void;
  inputRef?: Ref<HTMLInputElement>;
  description?: string;
  size?: 'xs' | 'sm';
}

/** A read-only link that selects itself on focus, with a copy button that turns into a check. */
export function CopyLinkField({
  label,
  link,
  copyLabel,
  copied,
  onCopy,
  inputRef,
  description,
  size = 'sm',
}: CopyLinkFieldProps) {
  const iconSize = size === 'xs' ? 14 : 16;
  return (
    <TextInput
      ref={inputRef}
      size={size}
      label={label}
      description={description}
      value={link}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <ActionIcon
          variant="subtle"
          color={copied ? 'green' : undefined}
          aria-label={copyLabel}
          onClick={onCopy}
        >
          {copied ? (
            <IconCheck size={iconSize} aria-hidden />
          ) : (
            <IconCopy size={iconSize} aria-hidden />
          )}
        </ActionIcon>
      }
    />
  );
}
