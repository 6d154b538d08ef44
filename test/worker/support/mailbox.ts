import { vi } from 'vitest';

/** Reads the [mail] lines the local mail transport prints, as the developer would. */
export function watchMailbox() {
  const spy = vi.spyOn(console, 'log');
  const lines = () =>
    spy.mock.calls.map((args) => String(args[0])).filter((line) => line.startsWith('[mail]'));
  return {
    lines,
    /** The reset link mailed to `email`, waiting for the mail sent after the response. */
    async resetLinkFor(email: string): Promise<string> {
      for (let attempt = 0; attempt < 50; attempt++) {
        const line = lines().find((l) => l.includes(`to=${email} `));
        const link = line?.match(/link=(\S+)/)?.[1];
        if (link) return link;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no [mail] line for ${email}`);
    },
    restore: () => spy.mockRestore(),
  };
}
