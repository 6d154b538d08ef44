import { useEffect, useRef, useState } from 'react';

const carriesFiles = (event: DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Files dragged anywhere onto the page (the chat screen is the page) go to `onFiles`; true
 * while some are being dragged over it, for the drop zone. A drop of files never makes the
 * browser leave the chat to open them.
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void): boolean {
  const [dragging, setDragging] = useState(false);
  const latest = useRef(onFiles);
  useEffect(() => {
    latest.current = onFiles;
  });

  useEffect(() => {
    if (!enabled) return;
    // dragenter and dragleave come in pairs for every element crossed on the way.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 0) latest.current(files);
    };
    const listeners = { dragenter: enter, dragover: over, dragleave: leave, drop } as const;
    for (const [type, listener] of Object.entries(listeners)) {
      document.addEventListener(type, listener as EventListener);
    }
    return () => {
      for (const [type, listener] of Object.entries(listeners)) {
        document.removeEventListener(type, listener as EventListener);
      }
    };
  }, [enabled]);

  return enabled && dragging;
}
