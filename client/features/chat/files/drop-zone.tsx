import { Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import classes from './files.module.css';

/** Over the whole chat while files are dragged onto it: where they will go. */
export function DropZone() {
  return (
    <div className={classes.dropZone} data-drop-zone>
      <div className={classes.dropTarget}>
        <IconUpload size={36} aria-hidden />
        <Text fw={600}>Drop files to attach them</Text>
      </div>
    </div>
  );
}
