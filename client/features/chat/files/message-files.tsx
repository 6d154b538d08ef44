import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { isImageType, type MessageFile } from '../../../../contract/files';
import { fileSize } from './file-size';
import { FileIcon } from './file-icon';
import classes from './files.module.css';

// The viewer is fetched the first time someone opens a photo.
const ImageViewer = lazy(() => import('./image-viewer'));

/** A lone photo is shown at most this wide and this tall (CSS px), in its own shape. */
const PHOTO_MAX_WIDTH = 320;
const PHOTO_MAX_HEIGHT = 320;
/** A photo whose size the message does not say (it always should) gets this box. */
const UNKNOWN = { width: 240, height: 180 };

/** The size a lone photo is shown at: its own shape, within the bounds. */
function fitted(file: MessageFile) {
  if (!file.width || !file.height) return UNKNOWN;
  const scale = Math.min(1, PHOTO_MAX_WIDTH / file.width, PHOTO_MAX_HEIGHT / file.height);
  return {
    width: Math.max(1, Math.round(file.width * scale)),
    height: Math.max(1, Math.round(file.height * scale)),
  };
}

/**
 * A message's files in its bubble. Photos come first, at their shape with their size known
 * before they load (no jump in the list), loaded as they near the screen; several share a
 * grid of squares. A photo is a button that opens the viewer at it. Every other file is a
 * card that downloads it.
 */
export function MessageFiles({ files }: { files: readonly MessageFile[] }) {
  const [viewing, setViewing] = useState<number | null>(null);
  // The viewer is unmounted when it closes, so the focus goes back to its photo from here.
  const opener = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (viewing !== null || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [viewing]);
  const images = files.filter((file) => isImageType(file.type));
  const others = files.filter((file) => !isImageType(file.type));
  const single = images.length === 1;
  return (
    <div className={classes.files}>
      {images.length > 0 && (
        <div className={single ? undefined : classes.grid}>
          {images.map((image, index) => {
            const size = single ? fitted(image) : image.width && image.height ? image : UNKNOWN;
            return (
              <UnstyledButton
                key={image.id}
                className={single ? classes.photo : classes.cell}
                style={single ? { width: size.width } : undefined}
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setViewing(index);
                }}
              >
                <img
                  src={image.url}
                  alt={image.name}
                  width={size.width}
                  height={size.height}
                  loading="lazy"
                  decoding="async"
                />
              </UnstyledButton>
            );
          })}
        </div>
      )}
      {others.map((file) => (
        <a
          key={file.id}
          className={classes.card}
          href={file.url}
          download={file.name}
          aria-label={`Download ${file.name} (${fileSize(file.size)})`}
        >
          <FileIcon type={file.type} />
          <span style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600} truncate title={file.name}>
              {file.name}
            </Text>
            <Text size="xs">{fileSize(file.size)}</Text>
          </span>
          <IconDownload size={18} aria-hidden />
        </a>
      ))}
      {viewing !== null && (
        <Suspense fallback={null}>
          <ImageViewer
            images={images}
            index={Math.min(viewing, images.length - 1)}
            onIndex={setViewing}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
