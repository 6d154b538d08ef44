import { useEffect } from 'react';
import { useNavigate } from 'react-router';
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

/**
 * Browser Back on the chat screen (spec point 2): with a joined room and nickname stored, the
 * page it returns to is reloaded once, so it starts from fresh server state; without them the
 * person goes home. The justReloaded flag stops a second reload from looping.
 */
export function useBackReload() {
  const navigate = useNavigate();

  useEffect(() => {
    const timer = window.setTimeout(() => session((s) => s.removeItem(FLAG)), FLAG_CLEAR_MS);
    const onPopState = () => {
      const stored = readStored(storageKeys.joinedRoomId) && readStored(storageKeys.activeNickname);
      let reloadedAlready = false;
      session((s) => {
        reloadedAlready = s.getItem(FLAG) !== null;
      });
      if (!stored) {
        navigate('/', { replace: true });
      } else if (!reloadedAlready) {
        session((s) => s.setItem(FLAG, 'true'));
        window.location.reload();
      }
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('popstate', onPopState);
    };
  }, [navigate]);
}
