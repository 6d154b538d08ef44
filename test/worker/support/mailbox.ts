import { vi } from 'vitest';

/** Reads the [mail] lines the local mail transport prints, as the developer would. */
export function watchMailbox() {
  const spy = vi.spyOn(console, 'log');
  const lines = () =>
    spy.mock.calls.map((args) => String(args[0])).filter((line) => line.startsWith('[mail]'));
  /** The newest link to `path` mailed to `email`, waiting for mails sent after the response. */
  async function linkFor(email: string, path: string): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const link = lines()
        .filter((l) => l.includes(`to=${email} `))
        .map((l) => l.match(/link=(\S+)/)?.[1])
        .filter((l): l is string => l !== undefined && new URL(l).pathname.startsWith(path))
        .pop();
      if (link) return link;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no [mail] line for ${email} with a link to ${path}`);
  }
  return {
    lines,
    linkFor,
    /** The reset link mailed to `email` (not the link that verifies the address at sign-up). */
    resetLinkFor: (email: string) => linkFor(email, '/reset-password/'),
    /** The token of the newest link mailed to `email` to prove it. */
    verifyTokenFor: async (email: string) =>
      (await linkFor(email, '/verify-email/')).split('/').pop()!,
    restore: () => spy.mockRestore(),
  };
}
