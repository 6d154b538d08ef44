import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { readStored, storageKeys } from '../../../lib/storage';

const FLAG = 'justReloaded';
/** Spec point 9 gives 100 ms and 500 ms; the longer one survives a slow reload. */
const FLAG_CLEAR_MS = 500;

function session(action: (storage: Storage) => void) {
  try {
    action(window.sessionStorage);
  } catch {
    // Without session storage the page simply reloads each time; nothing to keep.
  }
}

/*
 * The router handles a Back before any listener the chat screen could add, and its re-render
 * unmounts the screen (removing that listener) within the same popstate dispatch. So one
 * listener lives for the whole page, and the screen only marks itself as shown; the mark is
 * cleared a task after the screen goes, once the popstate that took it away has been handled.
 */
let shownChat = 0;
let latestNavigate: NavigateFunction | null = null;
let installed = false;

function onPopState() {
  if (shownChat === 0) return;
  const stored = readStored(storageKeys.joinedRoomId) && readStored(storageKeys.activeNickname);
  if (!stored) {
    void latestNavigate?.('/', { replace: true });
    return;
  }
  let reloadedAlready = false;
  session((s) => {
    reloadedAlready = s.getItem(FLAG) !== null;
  });
  if (reloadedAlready) return;
  session((s) => s.setItem(FLAG, 'true'));
  window.location.reload();
}

/**
 * Browser Back on the chat screen (spec point 2): with a joined room and nickname stored, the
 * page it returns to is reloaded once, so it starts from fresh server state; without them the
 * person goes home. The justReloaded flag stops a second reload from looping.
 */
export function useBackReload() {
  const navigate = useNavigate();

  useEffect(() => {
    latestNavigate = navigate;
  }, [navigate]);

  useEffect(() => {
    if (!installed) {
      window.addEventListener('popstate', onPopState);
      installed = true;
    }
    const mark = ++shownChat;
    const timer = window.setTimeout(() => session((s) => s.removeItem(FLAG)), FLAG_CLEAR_MS);
    return () => {
      window.clearTimeout(timer);
      // Another chat screen may have taken over meanwhile (switching rooms): keep its mark.
      window.setTimeout(() => {
        if (shownChat === mark) shownChat = 0;
      }, 0);
    };
  }, []);
}
