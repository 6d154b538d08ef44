import { IconFile, IconFileText, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { isImageType } from '../../../../contract/files';

/** The icon of a file's kind: a PDF, text, a photo, or anything else. */
export function FileIcon({ type, size = 28 }: { type: string; size?: number }) {
  const Icon =
    type === 'application/pdf'
      ? IconFileTypePdf
      : type.startsWith('text/')
        ? IconFileText
        : isImageType(type)
          ? IconPhoto
          : IconFile;
  return <Icon size={size} stroke={1.5} aria-hidden />;
}
