import type { Page, WebSocketRoute } from '@playwright/test';

/**
 * A real cut: the page's Socket.IO traffic goes through a pass-through the test can sever
 * (Chromium's setOffline leaves open WebSockets open). `cut()` closes every socket and turns
 * reconnect attempts away until `restore()`. A page's routes outlive its reloads: a reloaded
 * page finds the room unreachable too.
 */
export async function severable(page: Page) {
  let down = false;
  const open = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    // While down, a reconnect attempt finds nobody there.
    if (down) return void ws.close({ code: 1001, reason: 'network down' });
    const pair = { page: ws, server: ws.connectToServer() };
    open.add(pair);
    ws.onClose(() => open.delete(pair));
  });
  return {
    async cut() {
      down = true;
      for (const pair of [...open]) {
        await pair.server.close();
        await pair.page.close({ code: 1001, reason: 'network down' });
      }
      open.clear();
    },
    restore() {
      down = false;
    },
    get connections() {
      return open.size;
    },
  };
}
