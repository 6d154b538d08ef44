/**
 * The validation rules of the spec (point 5), written once. The worker validates every request
 * with these schemas and the client uses the same ones for live form feedback, so a message a
 * person reads in the browser is always the one the server would answer.
 */
import { z } from 'zod';
import { hasHiddenCharacters, stripInvisible } from './invisible-characters';
import { imitatesModerator } from './reserved-nicknames';

export const NICKNAME_MIN = 3;
export const NICKNAME_MAX = 15;
export const PASSWORD_MIN = 6;
/** Not in the spec; bounds what a client can make the server hash or store. */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

export const messages = {
  nicknameRequired: 'Nickname is required.',
  nicknameTooShort: 'Nickname must be at least 3 characters long.',
  nicknameTooLong: 'Nickname cannot exceed 15 characters.',
  nicknameCharacters:
    'Nickname can only contain letters, numbers, underscores, hyphens, and periods.',
  nicknameHint: '3-15 characters. Letters, numbers, underscores, hyphens and periods only.',
  emailInvalid: 'Please enter a valid email address.',
  emailTooLong: 'Email address cannot exceed 254 characters.',
  emailHiddenCharacters:
    'Email addresses cannot contain invisible or direction-control characters. Please type the address again.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordTooLong: 'Password cannot exceed 128 characters.',
  passwordRequired: 'Password is required.',
  registrationFieldsRequired: 'Email, password and nickname are required.',
  passwordsDoNotMatch: 'Passwords do not match',
  nicknameReserved: 'That nickname is reserved for moderators. Please choose another.',
  nicknameHiddenCharacters:
    'Nicknames cannot contain invisible or direction-control characters. Please type the nickname again.',
} as const;

const NICKNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/**
 * One '@' and no spaces: the shape people expect, not full RFC 5322. The domain's dot is looked
 * for once it is normalised, so that 'bank。com' (an ideographic full stop) reads as bank.com.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/**
 * A nickname, refused rather than quietly changed when it holds what cannot be seen: a
 * zero-width space made 'x\u200By' count 3 in the form's counter yet arrive as 'xy', too short,
 * and 'bo\u200Bb' pass for 'bob' (as an address does, emailSchema).
 */
export const nicknameSchema = z
  .string({ error: messages.nicknameRequired })
  // Before the trim, which would quietly drop a byte order mark at either end.
  .refine(
    (nickname) => !hasHiddenCharacters(trimAsciiSpace(nickname)),
    messages.nicknameHiddenCharacters,
  )
  .trim()
  .min(1, messages.nicknameRequired)
  .min(NICKNAME_MIN, messages.nicknameTooShort)
  .max(NICKNAME_MAX, messages.nicknameTooLong)
  .regex(NICKNAME_PATTERN, messages.nicknameCharacters)
  .refine((nickname) => !imitatesModerator(nickname), messages.nicknameReserved);

/**
 * An address as people type it, checked and written one way: hidden characters refused (a
 * zero-width space or a right-to-left mark makes an address that reads like another), spaces
 * around it trimmed, the local part composed (NFC) and lower-cased so lookups ignore case,
 * and the domain in the form mail systems route by (normalizeDomain).
 */
export const emailSchema = z
  .string({ error: messages.emailInvalid })
  // Before the trim, which would quietly drop a byte order mark at either end.
  .refine((email) => !hasHiddenCharacters(trimAsciiSpace(email)), messages.emailHiddenCharacters)
  .trim()
  .max(EMAIL_MAX, messages.emailTooLong)
  .regex(EMAIL_PATTERN, messages.emailInvalid)
  .transform((email, ctx) => {
    const at = email.lastIndexOf('@');
    const domain = normalizeDomain(email.slice(at + 1));
    // Composed first: an é typed as e and an accent is the same address as a single é. And
    // again after lower-casing, which can make a pair that composes ('J' and a caron become
    // 'ǰ'): else 'J̌' and 'ǰ' were two strings, two accounts, for one address.
    const normalized =
      domain &&
      !isUnreachableDomain(domain) &&
      `${email.slice(0, at).normalize('NFC').toLowerCase().normalize('NFC')}@${domain}`;
    if (!normalized || normalized.length > EMAIL_MAX) {
      ctx.issues.push({
        code: 'custom',
        input: email,
        message: normalized ? messages.emailTooLong : messages.emailInvalid,
      });
      return z.NEVER;
    }
    return normalized;
  });

/**
 * '.invalid' is reserved (RFC 2606): no mail reaches it, so no one can prove such an address.
 * It is where a released account's placeholder lives (contract/email-verification.ts): an
 * account that took `released-<holder's id>@released.invalid` first would make the release
 * fail, and the address's owner could never take it back from the unverified holder.
 */
function isUnreachableDomain(domain: string): boolean {
  return domain.endsWith('.invalid');
}

const trimAsciiSpace = (text: string) => text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');

/** Characters that would make the URL parser read a port, a path or a query, not a host. */
const NOT_IN_DOMAIN = /[/\\?#:%[\]@]/;

/**
 * A domain as mail systems route it, or null if it is none: lower-case, an internationalised
 * name in its ASCII (punycode) form, full-width and ideographic dots read as dots, and the
 * trailing dot of a fully qualified name dropped. The URL parser does the IDNA mapping, the
 * same in the worker and the browser; 'bücher.de' and 'xn--bcher-kva.de' are one domain.
 */
export function normalizeDomain(domain: string): string | null {
  if (NOT_IN_DOMAIN.test(domain)) return null;
  let host: string;
  try {
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return null;
  // An all-numeric name is an IP address to the parser ('1.2.3' becomes '1.2.0.3').
  if (/^[\d.]+$/.test(host)) return null;
  return host;
}

/** A new password: registration and reset. */
export const newPasswordSchema = z
  .string({ error: messages.passwordTooShort })
  .min(PASSWORD_MIN, messages.passwordTooShort)
  .max(PASSWORD_MAX, messages.passwordTooLong);

/** A password being checked against the stored one: any length is allowed in, up to the cap. */
export const currentPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX, messages.passwordTooLong);

/** The first problem with a value, or null: what a form field shows under itself. */
export function firstError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/**
 * The search and cursor of a paged list's query string (the admin tables, a room's members and
 * bans): invisible characters out, at most `maxSearch` characters; the cursor opaque and short.
 */
export function pagedListFields(maxSearch: number) {
  return {
    q: z
      .string()
      .overwrite(stripInvisible)
      .trim()
      .max(maxSearch, `Search cannot exceed ${maxSearch} characters`)
      .optional(),
    cursor: z.string().max(200, 'Invalid cursor').optional(),
  };
}
