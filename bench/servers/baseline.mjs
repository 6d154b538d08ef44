/**
 * The baseline: a plain Node.js Socket.IO server (the `socket.io` package) with rooms in
 * memory, no persistence and no auth, speaking the same events as our rooms.
 * Run as its own process: `PORT=8891 node bench/servers/baseline.mjs`.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 8891);
const httpServer = createServer();
const io = new Server(httpServer, { transports: ['websocket'], serveClient: false });
const lastIds = new Map();

io.on('connection', (socket) => {
  socket.on('join', (payload, ack) => {
    const room = String(payload?.room ?? '');
    socket.data.room = room;
    socket.data.nickname = String(payload?.name ?? '');
    socket.join(room);
    if (typeof ack === 'function') ack({});
  });
  socket.on('sendMessage', (payload, ack) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    const room = socket.data.room;
    if (!room) return reply({ error: 'Join the room before sending messages' });
    const id = (lastIds.get(room) ?? 0) + 1;
    lastIds.set(room, id);
    io.to(room).emit('message', {
      id,
      user: socket.data.nickname,
      text: String(payload?.text ?? ''),
      messageType: 'user',
      createdAt: Date.now(),
    });
    reply({});
  });
  // The verbs scenario's reactions and edits: told to the room as they came.
  /** @type {[string, string][]} */
  const verbs = [
    ['react', 'reactions'],
    ['editMessage', 'messageUpdated'],
  ];
  for (const [verb, event] of verbs) {
    socket.on(verb, (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const room = socket.data.room;
      if (!room) return reply({ error: 'Join the room first' });
      io.to(room).emit(event, { id: payload?.messageId, ...payload });
      reply({});
    });
  }
});

// The same listen queue as workerd's sockets (4,096, what `ss -ltn` shows for ours). Node's
// default of 511 overflowed when a storm's 1,000 sockets connected at once: the kernel dropped
// the SYNs beyond it (TcpExtListenOverflows) and the clients sent them again a second later, so
// the baseline's storm time said more about the listen queue than about the server.
const BACKLOG = 4096;
httpServer.listen({ port, host: '127.0.0.1', backlog: BACKLOG }, () =>
  console.log(`baseline listening on ${port}`),
);
