/**
 * The bare Socket.IO layer (worker/socket-io) with the reference settings of the socket.io
 * team's protocol test suites, for `npm run conformance:serve`: no app, no auth, one object per
 * path. /socket.io/: emits `auth` with the handshake's auth on connect, answers `message` with
 * `message-back`, acknowledges `message-with-ack`, serves `/` and `/custom`. /engine.io/:
 * Engine.IO alone, echoing every message.
 */
import { SocketIoServer, type Ack, type ConnectInfo, type Socket } from '..';

/** The suites' settings (socket.io-protocol and engine.io-protocol test-suite.js). */
const REFERENCE = {
  pingInterval: 300,
  pingTimeout: 200,
  maxPayload: 1e6,
  connectTimeout: 1000,
  // The reference answers a pong with nothing; the suites expect the next frame to be a ping.
  autoPong: false,
};

interface FixtureEnv {
  SOCKET_IO: DurableObjectNamespace<SocketIoFixture>;
  ENGINE_IO: DurableObjectNamespace<EngineIoFixture>;
  /**
   * '1': hibernatable sockets, as the app's rooms have. Off by default: workerd keeps the TCP
   * connection of a hibernatable socket closed before its client spoke (the suites'
   * no-handshake and ping-timeout tests) open until the object is evicted, about 10 s.
   */
  HIBERNATE?: string;
}

/** The reference's settings, with hibernation as the serve script asked. */
function referenceFor(env: FixtureEnv) {
  return { ...REFERENCE, hibernate: env.HIBERNATE === '1' };
}

export class SocketIoFixture extends SocketIoServer<FixtureEnv, null> {
  protected override get options() {
    return { ...referenceFor(this.env), namespaces: ['/', '/custom'] };
  }

  protected onUpgrade() {
    return null;
  }

  protected onConnect(socket: Socket<null>, { auth }: ConnectInfo) {
    socket.emit('auth', auth);
  }

  protected onEvent(socket: Socket<null>, event: string, args: unknown[], ack?: Ack) {
    if (event === 'message') socket.emit('message-back', ...args);
    if (event === 'message-with-ack') ack?.(...args);
  }
}

export class EngineIoFixture extends SocketIoServer<FixtureEnv, null> {
  protected override get options() {
    return { ...referenceFor(this.env), engineOnly: true };
  }

  protected onUpgrade() {
    return null;
  }

  protected onEngineMessage(ws: WebSocket, data: string) {
    this.sendMessage(ws, data);
  }
}

export default {
  fetch(request, env) {
    const { pathname } = new URL(request.url);
    const namespace = pathname.startsWith('/socket.io')
      ? env.SOCKET_IO
      : pathname.startsWith('/engine.io')
        ? env.ENGINE_IO
        : null;
    if (!namespace) return new Response('Not found', { status: 404 });
    return namespace.get(namespace.idFromName('conformance')).fetch(request);
  },
} satisfies ExportedHandler<FixtureEnv>;
