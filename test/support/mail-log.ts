import { readFileSync } from 'node:fs';
import { SERVER_LOG } from './paths';

/** The newest reset link mailed to `email`, read from the server's [mail] lines. */
export async function waitForResetLink(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const links = readFileSync(SERVER_LOG, 'utf8')
      .split('\n')
      .filter((line) => line.includes('[mail]') && line.includes(`to=${email} `))
      .map((line) => line.match(/link=(\S+)/)?.[1])
      .filter(Boolean);
    if (links.length) return links[links.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no reset mail for ${email} in ${SERVER_LOG}`);
}
