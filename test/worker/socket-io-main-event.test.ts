/**
 * The frames of every message are read and written without socket.io's parser objects
 * (worker/socket-io/main-event.ts, eventFrame and ackFrame in parser.ts): every frame the fast
 * decoder takes must give the packet socket.io's decoder gives, every frame it leaves must be one
 * it can't be sure of, and the frames written must be the ones socket.io's encoders write.
 */
import { describe, expect, it } from 'vitest';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { decodeMainEvent } from '../../worker/socket-io/main-event';
import { ackFrame, decodeFrame, eventFrame } from '../../worker/socket-io/parser';

/** socket.io's own answer for the Socket.IO packet inside an Engine.IO message frame. */
function reference(frame: string): Packet | 'refused' {
  const decoder = new Decoder({ maxAttachments: 0 });
  let packet: Packet | undefined;
  decoder.on('decoded', (decoded: Packet) => (packet = decoded));
  try {
    decoder.add(frame.slice(1));
  } catch {
    return 'refused';
  }
  return packet ?? 'refused';
}

const taken = [
  '42["sendMessage",{"text":"hi","clientId":"3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c"}]',
  '427["sendMessage",{"text":"hi"}]',
  '420["join",{"roomId":"r"}]',
  '42007["join"]',
  '4212345678901234567890["x"]',
  '42["typing"]',
  '42[7,"numbered event"]',
  '42["a",null,[1,2],{"__proto__":{"polluted":true}}]',
  '42["with \\"quotes\\" and \\u00e9",{"text":"😀"}]',
  '42[ "spaced" ]',
  '42["connected"]',
];

const left = [
  '42', // no payload
  '42/custom,7["hello"]', // another namespace
  '42 1["x"]', // socket.io reads the space as part of the id
  '421 ["x"]',
  '42{"not":"an array"}',
  '42[]', // no event name
  '42[null]',
  '42[true,"x"]',
  '42["connect"]', // reserved names
  '42["disconnect",1]',
  '42["newListener"]',
  '42["removeListener"]',
  '42["connect_error"]',
  '42["disconnecting"]',
  '42[not json',
  '42["unterminated',
  '43["ack"]', // an ack, not an event
  '421-["binary"]',
  '452-["binary event"]',
  '40',
  '41',
  '4hello',
  '2',
  '3',
  '',
];

describe('decodeMainEvent', () => {
  it.each(taken)('gives what socket.io decodes for %s', (frame) => {
    const ours = decodeMainEvent(frame);
    expect(ours).not.toBeNull();
    expect(ours).toEqual(reference(frame));
    // Same keys in the same order: nothing downstream may see a different shape.
    expect(Object.keys(ours!)).toEqual(Object.keys(reference(frame) as Packet));
  });

  it.each(left)('leaves %s to socket.io', (frame) => {
    expect(decodeMainEvent(frame)).toBeNull();
  });

  it('leaves decodeFrame answering as it did, for the frames it takes and the ones it leaves', () => {
    for (const frame of [...taken, ...left.filter((f) => f.startsWith('4'))]) {
      const decoded = decodeFrame(frame, 1000);
      const expected = reference(frame);
      if (expected === 'refused') expect(decoded.kind, frame).toBe('invalid');
      else expect(decoded, frame).toEqual({ kind: 'packet', packet: expected });
    }
  });

  it('is not used for Engine.IO alone', () => {
    expect(decodeFrame('42["x"]', 1000, true)).toEqual({ kind: 'message', data: '2["x"]' });
  });
});

describe('eventFrame and ackFrame', () => {
  /** socket.io's encoders: the Socket.IO packet, behind Engine.IO's message type. */
  const theirs = (packet: Packet) => `4${new Encoder().encode(packet)[0] as string}`;
  const payloads: unknown[][] = [
    ['message', { id: 7, user: 'Ann', text: '<p>hi "there" \u2028 😀</p>', createdAt: 1 }, '42'],
    ['presence', [], null, undefined, 0, false, ''],
    [{ nested: { deeper: [1, 'two', { three: 3 }] } }],
    [],
  ];

  it.each(payloads.map((data) => [JSON.stringify(data), data]))(
    'writes %s as socket.io does, in any namespace, with or without an id',
    (_, data) => {
      for (const nsp of ['/', '/admin', '']) {
        expect(eventFrame(nsp, data)).toBe(theirs({ type: PacketType.EVENT, nsp, data }));
        expect(eventFrame(nsp, data, 12)).toBe(
          theirs({ type: PacketType.EVENT, nsp, data, id: 12 }),
        );
        expect(ackFrame(nsp, 0, data)).toBe(theirs({ type: PacketType.ACK, nsp, data, id: 0 }));
        expect(ackFrame(nsp, 345, data)).toBe(theirs({ type: PacketType.ACK, nsp, data, id: 345 }));
      }
    },
  );

  it('writes frames the fast decoder reads back', () => {
    const data = ['sendMessage', { text: 'round trip' }];
    expect(decodeMainEvent(eventFrame('/', data, 9))).toEqual({
      type: PacketType.EVENT,
      nsp: '/',
      id: 9,
      data,
    });
  });
});
