/**
 * A lightweight Socket.IO client: raw Engine.IO v4 / Socket.IO v5 text frames over `ws`. Once
 * joined it looks at the first bytes of each frame and decodes only chat messages and the
 * acknowledgements of its own sends, so that 1,000 of them fit in one process on 2 cores.
 */
import WebSocket from 'ws';

const MESSAGE_PREFIX = Buffer.from('42["message",');
const PING = 0x32; // '2'
const ACK = [0x34, 0x33]; // '43'
const ERROR = Buffer.from('"error"');
/** Emoji the verbs scenario reacts with: a few, so that reactions toggle on and off. */
const VERB_EMOJI = ['👍', '❤️', '😂', '🎉'];

/** Frames received by all clients: a quiet spell means the server has sent what it had. */
export const received = { frames: 0 };

export class RawClient {
  // Set by join(), before anything that uses them can run (strictPropertyInitialization is off
  // for bench/ in tsconfig.bench.json).
  /** @type {WebSocket} */ ws;
  /** @type {string} */ roomId;
  /** @type {() => void} */ joined;
  /** @type {(why: string) => void} */ refuse;

  /** @param {{ index: number, nickname: string, cookie?: string, ip?: string }} user */
  constructor(user) {
    this.user = user;
    this.phase = 'new';
    /** Called with (client, message) for every chat message once joined. */
    this.onChat = null;
    this.lastSeq = new Map();
    this.lastId = 0;
    this.nextAckId = 1;
    this.pendingAcks = 0;
    /** Chat messages sent and refused (the verbs below are counted apart). */
    this.chatsSent = 0;
    this.refused = 0;
    /** The acknowledgement ids of verbs (reactions, edits) still on their way. */
    this.verbAcks = new Set();
    this.verbsSent = 0;
    this.verbsRefused = 0;
    /** The newest message id seen in the room, and the newest of this client's own. */
    this.lastSeenId = 0;
    this.lastOwnId = 0;
    this.lastRefusal = '';
    this.dropped = false;
    this.compressed = false;
  }

  /**
   * Connects and joins; resolves with the milliseconds it took, rejects on refusal. With
   * `offerDeflate` it offers permessage-deflate, as browsers and the `ws` package's defaults
   * do; `compressed` then says whether the server accepted.
   */
  join(url, roomId, headers, timeoutMs, { offerDeflate = false } = {}) {
    const started = performance.now();
    this.roomId = roomId;
    return new Promise((resolve, reject) => {
      const fail = (why) => {
        clearTimeout(timer);
        this.close();
        reject(new Error(`${this.user.nickname}: ${why}`));
      };
      const timer = setTimeout(
        () => fail(`not joined after ${timeoutMs} ms (${this.phase})`),
        timeoutMs,
      );
      this.joined = () => {
        clearTimeout(timer);
        resolve(performance.now() - started);
      };
      this.refuse = fail;
      this.phase = 'opening';
      this.ws = new WebSocket(url, {
        headers,
        perMessageDeflate: offerDeflate,
        skipUTF8Validation: true,
      });
      this.ws.on('open', () => (this.compressed = this.ws.extensions.includes('deflate')));
      this.ws.on('message', (data) => this.receive(data));
      this.ws.on('error', (error) => this.phase !== 'joined' && fail(error.message));
      this.ws.on('close', () => {
        if (this.phase === 'joined')
          this.dropped = true; // the server ended it
        else if (this.phase !== 'closed') fail('closed while joining');
        this.phase = 'closed';
      });
    });
  }

  /** Sends one chat message; the acknowledgement is counted when it comes. */
  sendChat(text) {
    if (this.phase !== 'joined') return false;
    const frame = JSON.stringify(['sendMessage', { text, roomId: this.roomId }]);
    this.pendingAcks++;
    this.chatsSent++;
    this.ws.send(`42${this.nextAckId++}${frame}`);
    return true;
  }

  /**
   * The bench's verbs: a reaction to the newest message seen (toggled) or an edit of this
   * client's own newest message, as the chat screen sends them. False when there is none yet.
   * @param {'react' | 'editMessage'} verb
   */
  sendVerb(verb, seq) {
    const messageId = verb === 'react' ? this.lastSeenId : this.lastOwnId;
    if (this.phase !== 'joined' || messageId === 0) return false;
    const payload =
      verb === 'react'
        ? { roomId: this.roomId, messageId, emoji: VERB_EMOJI[seq % VERB_EMOJI.length] }
        : { roomId: this.roomId, messageId, text: `edited ${seq}` };
    const ackId = this.nextAckId++;
    this.verbAcks.add(ackId);
    this.pendingAcks++;
    this.verbsSent++;
    this.ws.send(`42${ackId}${JSON.stringify([verb, payload])}`);
    return true;
  }

  /** Counts start again (the capacity scenario's steps reuse the same joined clients). */
  resetCounts() {
    this.chatsSent = 0;
    this.refused = 0;
    this.verbsSent = 0;
    this.verbsRefused = 0;
    this.pendingAcks = 0;
    this.verbAcks.clear();
    this.lastSeq.clear();
  }

  close() {
    this.phase = 'closed';
    this.ws?.terminate();
  }

  receive(data) {
    received.frames++;
    if (data.length === 1 && data[0] === PING) return this.ws.send('3');
    if (this.phase === 'joined') {
      if (startsWith(data, MESSAGE_PREFIX)) {
        // `42["message",{…}]`, or `42["message",{…},"<offset>"]` since broadcasts carry their
        // connection-state-recovery offset last: the object is the second element.
        const message = JSON.parse(data.toString('utf8', 2))[1];
        this.onChat?.(this, message);
      } else if (data[0] === ACK[0] && data[1] === ACK[1]) {
        this.pendingAcks--;
        const verb = this.verbAcks.size > 0 && this.verbAcks.delete(ackIdOf(data));
        if (data.includes(ERROR)) {
          if (verb) this.verbsRefused++;
          else this.refused++;
          this.lastRefusal = data.toString();
        }
      }
      return;
    }
    this.handshake(data.toString());
  }

  /** open → CONNECT → join → its acknowledgement. */
  handshake(frame) {
    if (this.phase === 'opening' && frame.startsWith('0{')) {
      this.phase = 'connecting';
      this.ws.send('40');
    } else if (this.phase === 'connecting' && frame.startsWith('44')) {
      this.refuse(`connect refused: ${frame}`);
    } else if (this.phase === 'connecting' && frame.startsWith('40')) {
      this.phase = 'joining';
      const payload = { name: this.user.nickname, room: this.roomId };
      this.ws.send(`420${JSON.stringify(['join', payload])}`);
    } else if (this.phase === 'joining' && frame.startsWith('430[')) {
      const [ack] = JSON.parse(frame.slice(3));
      if (ack?.error) return this.refuse(`join refused: ${ack.error}`);
      this.phase = 'joined';
      this.joined();
    }
  }
}

/** The id of an acknowledgement frame `43<id>[…]`. */
function ackIdOf(data) {
  let id = 0;
  for (let i = 2; i < data.length && data[i] >= 0x30 && data[i] <= 0x39; i++) {
    id = id * 10 + data[i] - 0x30;
  }
  return id;
}

function startsWith(data, prefix) {
  return (
    data.length > prefix.length && data.compare(prefix, 0, prefix.length, 0, prefix.length) === 0
  );
}
