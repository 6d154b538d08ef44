import { readFileSync } from 'node:fs';
import { SERVER_LOG } from './paths';

/** The newest link to `path` mailed to `email`, read from the server's [mail] lines. */
export async function waitForMailLink(
  email: string,
  path: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const links = readFileSync(SERVER_LOG, 'utf8')
      .split('\n')
      .filter((line) => line.includes('[mail]') && line.includes(`to=${email} `))
      .map((line) => line.match(/link=(\S+)/)?.[1])
      .filter((link): link is string => link !== undefined && link.includes(path));
    if (links.length) return links[links.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${email} with a link to ${path} in ${SERVER_LOG}`);
}

/** The newest reset link mailed to `email`. */
export function waitForResetLink(email: string, timeoutMs?: number): Promise<string> {
  return waitForMailLink(email, '/reset-password/', timeoutMs);
}

/** The newest link mailed to `email` to prove it (sign-up, a change of email). */
export function waitForVerifyLink(email: string, timeoutMs?: number): Promise<string> {
  return waitForMailLink(email, '/verify-email/', timeoutMs);
}
