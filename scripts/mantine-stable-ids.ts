/**
 * A Vite plugin that keeps the ids of Mantine's components as React first gives them.
 *
 * Mantine's `useId` (@mantine/hooks) renders with an id made from React's `useId`, then swaps it
 * for a random one in a layout effect. That state update re-renders every input, label and
 * description of a screen synchronously inside React's commit: on a phone it was the largest
 * task of the app's start (about 150 ms of the 220 ms commit under Lighthouse's 4× slowdown).
 * The random id only mattered for markup rendered on a server and hydrated, which this app
 * never does (the prerendered pages are replaced, not hydrated). So the build serves the same
 * hook without the swap: a given id, or the first id Mantine would have rendered.
 */
import type { Plugin } from 'vite';

const USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

const STABLE_USE_ID = `
import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return 'mantine-' + reactId.replace(/:/g, '');
}
`;

export function mantineStableIds(): Plugin {
  return {
    name: 'mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      return USE_ID_MODULE.test(id.split('?')[0]!) ? STABLE_USE_ID : null;
    },
  };
}
