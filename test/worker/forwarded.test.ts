import { describe, expect, it } from 'vitest';
import {
  FORWARDED_HEADER,
  forwardedValue,
  readForwarded,
  type ForwardedUpgrade,
} from '../../worker/chat/upgrade/forwarded';

const upgrade: ForwardedUpgrade = {
  roomId: 'room-1',
  roomName: 'Café "Ω" 🎉, a; b=c',
  userId: 'user-1',
  role: 'admin',
  sessionId: 'session-1',
  ip: '2001:db8::1',
  memberAs: 'Zoë',
  ticketIssuedAt: 1_700_000_000_000,
  shareReads: true,
  checkedAt: 1_700_000_000_000,
};

const headersOf = (value: string) => new Headers({ [FORWARDED_HEADER]: value });

describe('the forwarded upgrade', () => {
  it('carries every fact, whatever characters a name holds, in one header', () => {
    const value = forwardedValue(upgrade);
    expect(value).toMatch(/^[\x21-\x7e]+$/); // a header's bytes: no spaces, nothing beyond ASCII
    expect(readForwarded(headersOf(value))).toEqual(upgrade);
  });

  it('reads a cookie upgrade (no ticket) and a plain user', () => {
    const cookie = { ...upgrade, role: 'user' as const, ticketIssuedAt: null };
    expect(readForwarded(headersOf(forwardedValue(cookie)))).toEqual(cookie);
  });

  it('reads nothing from a missing, malformed or mistyped header', () => {
    const empty = {
      roomId: '',
      roomName: '',
      userId: '',
      role: 'user',
      sessionId: '',
      ip: 'unknown',
      memberAs: '',
      ticketIssuedAt: null,
      checkedAt: null,
      // The setting's default: a worker that does not say is one from before the setting.
      shareReads: true,
    };
    expect(readForwarded(new Headers())).toEqual(empty);
    expect(readForwarded(headersOf('%E0%A4%A'))).toEqual(empty);
    expect(readForwarded(headersOf('not json'))).toEqual(empty);
    expect(readForwarded(headersOf(encodeURIComponent('[1,2]')))).toMatchObject({ userId: '' });
    const mistyped = { userId: 7, role: 'root', checkedAt: '5', ticketIssuedAt: -1 };
    expect(readForwarded(headersOf(encodeURIComponent(JSON.stringify(mistyped))))).toEqual(empty);
  });
});
