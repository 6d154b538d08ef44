/** Limits on the mails an account can have sent: each request mails an address. */
import type { Limit } from '../security/rate-limit';

const HOUR = 60 * 60 * 1000;

export const addressLimits = {
  /** New links to the account's own address. */
  resendPerAccount: (userId: string): Limit => ({
    name: 'verify-resend',
    key: `verify-resend:${userId}`,
    max: 3,
    windowMs: HOUR,
  }),
  /** Email change requests: each mails the new address and the old one. */
  changePerAccount: (userId: string): Limit => ({
    name: 'email-change',
    key: `email-change:${userId}`,
    max: 5,
    windowMs: HOUR,
  }),
};
