/**
 * The app taking over the page the build prerendered into #root (scripts/prerender-shell.ts).
 * The app's first render replaces the shell's elements with its own, so whatever the visitor
 * did in the shell meanwhile is carried over when it commits: what they typed, the field they
 * were in, the fields they left (so validation on blur still speaks), and a press of a form's
 * submit button (index.html's inline script holds that back).
 * The shell stays usable while the app renders in the background (a transition, in slices).
 */
import { useLayoutEffect, type ReactNode } from 'react';

export interface Shell {
  container: HTMLElement;
  inputs: HTMLInputElement[];
  focused: HTMLInputElement | null;
  /** Inputs the visitor moved out of: the app's fields are told they were left (a blur). */
  left: Set<HTMLInputElement>;
  restored: boolean;
}

/** The shell in `container`, if the page has one, watched until the app replaces it. */
export function watchShell(container: HTMLElement): Shell | null {
  if (!container.hasAttribute('data-shell')) return null;
  const shell: Shell = {
    container,
    inputs: [...container.querySelectorAll('input')],
    focused: null,
    left: new Set(),
    restored: false,
  };
  if (document.activeElement instanceof HTMLInputElement) shell.focused = document.activeElement;
  // Before this script ran nothing was watching: a field holding text that is not the one in
  // focus was typed in and left.
  for (const input of shell.inputs) {
    if (input.value !== '' && input !== shell.focused) shell.left.add(input);
  }
  container.addEventListener('focusin', (event) => {
    if (container.hasAttribute('data-shell') && event.target instanceof HTMLInputElement) {
      shell.focused = event.target;
    }
  });
  container.addEventListener('focusout', (event) => {
    const left = event.target;
    if (!(left instanceof HTMLInputElement)) return;
    // Checked a moment later: an input the app's commit removes loses focus too (and the app
    // has placed it by then), but it is no longer on the page; one the visitor left still is.
    queueMicrotask(() => {
      if (!left.isConnected || !container.hasAttribute('data-shell')) return;
      shell.left.add(left);
      if (shell.focused === left) shell.focused = null;
    });
  });
  return shell;
}

// React tracks an input's value through the property's setter: the prototype's own setter and
// an 'input' event make the change look like typing, so the form's state follows.
const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

function restore(shell: Shell) {
  if (shell.restored) return;
  shell.restored = true;
  const { container } = shell;
  const submitted = container.getAttribute('data-shell-submitted');
  container.removeAttribute('data-shell');
  container.removeAttribute('data-shell-submitted');
  // The app's screen is the shell's screen, so its inputs come in the same order.
  const inputs = [...container.querySelectorAll('input')];
  shell.inputs.forEach((old, index) => {
    const input = inputs[index];
    if (!input || old.value === '' || input.value === old.value) return;
    setValue.call(input, old.value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  // React's onBlur listens for focusout: the form validates the fields the visitor left.
  shell.inputs.forEach((old, index) => {
    if (shell.left.has(old) && old !== shell.focused) {
      inputs[index]?.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }
  });
  const focused = shell.focused ? shell.inputs.indexOf(shell.focused) : -1;
  if (focused >= 0) inputs[focused]?.focus();
  if (submitted !== null) {
    const form = container.querySelectorAll('form')[Number(submitted)];
    // After the typed values have reached the form's state.
    if (form) setTimeout(() => form.requestSubmit());
  }
}

/** Wraps the app: once its first render is on the page, the shell's state moves into it. */
export function ShellTakeover({ shell, children }: { shell: Shell | null; children: ReactNode }) {
  // A parent's layout effect runs after its children's: the whole screen is in place.
  useLayoutEffect(() => {
    if (shell) restore(shell);
  }, [shell]);
  return children;
}
