import { afterEach, describe, expect, it } from 'vitest';
import { maybeSignedIn } from '../../client/lib/session/session-hint';

const clearCookie = () => (document.cookie = 'has_session=; Max-Age=0; path=/');

describe('whether the browser may hold a session', () => {
  afterEach(() => {
    clearCookie();
    window.localStorage.clear();
  });

  it('says no for a first-time visitor, so the landing page asks the server nothing', () => {
    expect(maybeSignedIn()).toBe(false);
  });

  it("says yes when the server's readable companion cookie is there, however the sign-in happened", () => {
    document.cookie = 'has_session=1; path=/';
    expect(maybeSignedIn()).toBe(true);
  });

  it('says yes when the app remembered a sign-in or a room', () => {
    window.localStorage.setItem('sessionHint', '1');
    expect(maybeSignedIn()).toBe(true);
    window.localStorage.clear();
    window.localStorage.setItem('joinedRoomId', 'room-a');
    expect(maybeSignedIn()).toBe(true);
  });
});
