/** The Socket.IO layer's frame decoder (worker/socket-io/parser.ts): what each client frame is. */
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../worker/socket-io/parser';

const MAX = 1000;

describe('decodeFrame', () => {
  it('names the Engine.IO control packets', () => {
    expect(decodeFrame('2', MAX)).toEqual({ kind: 'ping' });
    expect(decodeFrame('3', MAX)).toEqual({ kind: 'pong' });
    expect(decodeFrame('1', MAX)).toEqual({ kind: 'close' });
  });

  it('decodes a Socket.IO event with its namespace and ack id', () => {
    expect(decodeFrame('42/custom,7["hello",{"a":1}]', MAX)).toEqual({
      kind: 'packet',
      packet: { type: 2, nsp: '/custom', id: 7, data: ['hello', { a: 1 }] },
    });
  });

  it('refuses binary frames, frames over the limit and malformed packets', () => {
    expect(decodeFrame(new ArrayBuffer(3), MAX)).toEqual({
      kind: 'invalid',
      reason: 'binary frame',
    });
    expect(decodeFrame(`42["${'x'.repeat(MAX)}"]`, MAX)).toEqual({
      kind: 'invalid',
      reason: 'frame too large',
    });
    expect(decodeFrame('4{not json', MAX).kind).toBe('invalid');
    expect(decodeFrame('9', MAX).kind).toBe('invalid');
  });

  it('with Engine.IO alone: a text message is its text, a base64 binary one is refused', () => {
    expect(decodeFrame('4hello', MAX, true)).toEqual({ kind: 'message', data: 'hello' });
    expect(decodeFrame('bAQID', MAX, true)).toEqual({ kind: 'invalid', reason: 'binary message' });
    expect(decodeFrame('2', MAX, true)).toEqual({ kind: 'ping' });
  });
});
