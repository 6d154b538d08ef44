/** Mailed links that prove an address (docs/email-verification.md): bodies and answers. */
import { z } from 'zod';

export const verifyEmailBody = z.object({
  token: z
    .string({ error: 'Verification token is required.' })
    .min(1, 'Verification token is required.')
    .max(200),
});

export type VerifyEmailRequest = z.output<typeof verifyEmailBody>;

/**
 * The domain of the address an account is left with when the owner of its unverified address
 * takes the address back. '.invalid' is reserved (RFC 2606): no mail can ever go there.
 */
export const RELEASED_EMAIL_DOMAIN = 'released.invalid';

export function isReleasedEmail(email: string): boolean {
  return email.endsWith(`@${RELEASED_EMAIL_DOMAIN}`);
}

/** GET /api/auth/verify-email/status: what the settings screen says about the address. */
export interface EmailStatusResponse {
  email: string;
  emailVerified: boolean;
  /** The address a change waits to move to, until its link is opened. */
  pendingEmail: string | null;
}

/**
 * POST /api/auth/verify-email/preview: what opening a link would do, read without using it, so
 * the page can say so before the person confirms. It names only the address the link was
 * mailed to, which whoever holds the link already knows.
 */
export interface LinkPreviewResponse {
  /** verify: the account's own address; change: an account moves to it; signup: one is made. */
  kind: 'verify' | 'change' | 'signup';
  email: string;
}
