/** Request bodies of the account calls (spec point 7), as the worker validates them. */
import { z } from 'zod';
import {
  currentPasswordSchema,
  emailSchema,
  messages,
  newPasswordSchema,
  nicknameSchema,
} from './validation';

const isFilled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

export const registerBody = z
  .object({
    email: z.unknown().optional(),
    password: z.unknown().optional(),
    nickname: z.unknown().optional(),
  })
  // The spec's catch-all message comes first, before any field-level rule.
  .refine((body) => isFilled(body.email) && isFilled(body.password) && isFilled(body.nickname), {
    message: messages.registrationFieldsRequired,
  })
  .pipe(z.object({ email: emailSchema, password: newPasswordSchema, nickname: nicknameSchema }));

export const loginBody = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});

export const forgotPasswordBody = z.object({ email: emailSchema });

export const resetPasswordBody = z.object({
  token: z
    .string({ error: 'Reset token is required.' })
    .min(1, 'Reset token is required.')
    .max(200),
  newPassword: newPasswordSchema,
});

export const verifyPasswordBody = z.object({ password: currentPasswordSchema });

export const settingsEmailBody = z.object({
  currentPassword: currentPasswordSchema,
  newEmail: emailSchema,
});

export const profileEmailBody = z.object({ email: emailSchema });

export const deleteAccountBody = z.object({ password: currentPasswordSchema });

/** PATCH /api/user/preferences: the account's settings that need no password. */
export const preferencesBody = z.object({
  shareReads: z.boolean({ error: 'shareReads must be true or false' }),
});

export type RegisterBody = z.input<typeof registerBody>;

// What the client sends: the bodies as the server reads them once they pass validation.
export type RegisterRequest = z.output<typeof registerBody>;
export type LoginRequest = z.output<typeof loginBody>;
export type ResetPasswordRequest = z.output<typeof resetPasswordBody>;
export type EmailChangeRequest = z.output<typeof settingsEmailBody>;
export type PreferencesRequest = z.output<typeof preferencesBody>;
