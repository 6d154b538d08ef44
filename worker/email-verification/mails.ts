/**
 * The mails about addresses. Each is sent after the answer (waitUntil), so neither the time an
 * answer takes nor its failure tells the caller which mail went where.
 */
import type { Context } from 'hono';
import { isReleasedEmail } from '../../contract/email-verification';
import type { AppEnv } from '../app-env';
import { publicOrigin } from '../http/public-origin';
import { createMailer, type Mail } from '../mail/mailer';

const IGNORE =
  'If you did not ask for this, ignore this mail: nothing changes until the link is opened.';

type LinkMail = { to: string; token: string };
type NoticeMail = { to: string; newEmail: string };

export type AddressMail =
  | (LinkMail & { kind: 'verify' | 'change' | 'signup' | 'taken' })
  | (NoticeMail & { kind: 'change-requested' })
  | (NoticeMail & { kind: 'changed' });

/** Sends one mail in the background; a link needs the public origin, else nothing is sent. */
export function sendAddressMail(c: Context<AppEnv>, mail: AddressMail) {
  // A released account's placeholder can receive nothing.
  if (isReleasedEmail(mail.to)) return;
  const origin = publicOrigin(c);
  if (!origin) return;
  const send = createMailer(c.env)
    .send(compose(c.env, origin, mail))
    .catch((error) => console.error('[mail] address mail failed:', error));
  try {
    c.executionCtx.waitUntil(send);
  } catch {
    // No execution context (a direct app.request in tests): the send still runs.
  }
}

function compose(env: Env, origin: string, mail: AddressMail): Mail {
  const support = `mailto:${env.SUPPORT_EMAIL}`;
  if (mail.kind === 'change-requested') {
    return {
      to: mail.to,
      subject: `Someone asked to change your Chat Rooms email to ${mail.newEmail}`,
      text:
        `A change of your account's email from ${mail.to} to ${mail.newEmail} was asked for. ` +
        `It happens only once the link mailed to ${mail.newEmail} is opened.\n\n` +
        `If it was not you, someone knows your password: change it now, and write to ` +
        `${env.SUPPORT_EMAIL}.`,
      link: support,
    };
  }
  if (mail.kind === 'changed') {
    // The way back for an owner who did not make the change is support, not a reset link: a
    // reset would now go to the new address.
    return {
      to: mail.to,
      subject: `Your Chat Rooms email was changed to ${mail.newEmail}`,
      text:
        `The email address of your Chat Rooms account was changed from ${mail.to} to ${mail.newEmail}.\n\n` +
        `If you did this, there is nothing to do. If you did not, someone else has your account: ` +
        `write to ${env.SUPPORT_EMAIL} so we can give it back to you.`,
      link: support,
    };
  }
  const link = `${origin}/verify-email/${mail.token}`;
  const texts = {
    verify: [
      'Verify your Chat Rooms email address',
      `Open this link within a day to confirm that ${mail.to} is your address:\n${link}\n\n` +
        `If you did not sign up, ignore this mail. The address stays yours: registering with it ` +
        `later takes it back from the account that has not confirmed it.`,
    ],
    change: [
      'Confirm your new Chat Rooms email address',
      `Someone asked to make ${mail.to} the email of their Chat Rooms account. Open this link ` +
        `within a day to confirm it, only if that was you:\n${link}\n\n${IGNORE}`,
    ],
    signup: [
      'Finish creating your Chat Rooms account',
      `Someone signed up to Chat Rooms with ${mail.to}, an address that an account which never ` +
        `confirmed it already uses. Open this link within a day to create the new account; ` +
        `the other account then loses the address:\n${link}\n\n` +
        `If you already have an account with this address and did not just sign up again, ` +
        `ignore this mail. ${IGNORE}`,
    ],
    // Sent at the moment a 'change' mail would be: the requester learns nothing from timing.
    // Its link is the sign-in page, never the change's token.
    taken: [
      'Someone tried to use your address on Chat Rooms',
      `Someone asked to make ${mail.to} the email of another Chat Rooms account. This address ` +
        `already has an account, so nothing was changed. If it was you, sign in with this ` +
        `address instead:\n${origin}/login`,
    ],
  } as const;
  const [subject, text] = texts[mail.kind];
  return { to: mail.to, subject, text, link: mail.kind === 'taken' ? `${origin}/login` : link };
}
