/**
 * The build's prerender of a visitor's first screens (scripts/prerender-shell.ts runs this in
 * Node after the client build): the same providers and routes as main.tsx, rendered once to
 * HTML for a path, so a phone paints the page before its JavaScript has arrived. On a server
 * there is no session hint, so the session is a visitor's (SessionProvider), as on a first visit.
 */
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';

export async function renderShell(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <AppProvider>
      {/* No hydration data: the browser's router starts from the URL, as it always did. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>
  );
  // A first pass loads every lazy part (the page, the toasts' host); the second renders them,
  // where a streamed render would reveal them with inline scripts the CSP does not allow.
  await (await prerender(page)).prelude.cancel();
  const html = renderToString(page);
  // '<!--$!-->' marks a part that was still loading: the shell would be missing it.
  if (html.includes('<!--$!-->')) throw new Error(`${path}: a lazy part did not load in time`);
  return html;
}
