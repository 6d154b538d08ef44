/**
 * The validation rules of the spec (point 5), written once. The worker validates every request
 * with these schemas and the client uses the same ones for live form feedback, so a message a
 * person reads in the browser is always the one the server would answer.
 */
import { z } from 'zod';
import { stripInvisible } from './invisible-characters';
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
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordTooLong: 'Password cannot exceed 128 characters.',
  passwordRequired: 'Password is required.',
  registrationFieldsRequired: 'Email, password and nickname are required.',
  passwordsDoNotMatch: 'Passwords do not match',
  nicknameReserved: 'That nickname is reserved for moderators. Please choose another.',
} as const;

const NICKNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** One '@', no spaces, a dot in the domain: the shape people expect, not full RFC 5322. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const nicknameSchema = z
  .string({ error: messages.nicknameRequired })
  .overwrite(stripInvisible)
  .trim()
  .min(1, messages.nicknameRequired)
  .min(NICKNAME_MIN, messages.nicknameTooShort)
  .max(NICKNAME_MAX, messages.nicknameTooLong)
  .regex(NICKNAME_PATTERN, messages.nicknameCharacters)
  .refine((nickname) => !imitatesModerator(nickname), messages.nicknameReserved);

/** Emails are trimmed and lower-cased so that lookups are case-insensitive. */
export const emailSchema = z
  .string({ error: messages.emailInvalid })
  .trim()
  .max(EMAIL_MAX, messages.emailTooLong)
  .regex(EMAIL_PATTERN, messages.emailInvalid)
  // Composed first: an é typed as e and an accent is the same address as a single é.
  .transform((email) => email.normalize('NFC').toLowerCase());

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
