/** Invitations: what one is to before it is accepted, and the links an owner can revoke. */
import { z } from 'zod';

/** The URL parameter of an invite link that carries its code, beside `room`. */
export const INVITE_PARAM = 'invite';

/** The longest life and the most uses an owner can give one link. */
export const INVITE_MAX_HOURS = 30 * 24;
export const INVITE_MAX_USES = 1000;

export const inviteMessages = {
  linkInvalid: "This invite link is no longer valid. Ask the room's owner for a new one.",
  onlyOwner: 'Only the room owner can manage its invite links',
  tooManyLinks: 'This room has too many invite links. Reset the link to start again.',
  hoursRange: `Expiry must be between 1 and ${INVITE_MAX_HOURS} hours`,
  usesRange: `Uses must be between 1 and ${INVITE_MAX_USES}`,
} as const;

/** Codes are made by the server (22 URL-safe characters); anything else is no code. */
export const inviteCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** POST /api/rooms/:roomId/invites: a link that expires, runs out, or both. */
export const createInviteBody = z.object({
  expiresInHours: z
    .number({ error: inviteMessages.hoursRange })
    .int(inviteMessages.hoursRange)
    .min(1, inviteMessages.hoursRange)
    .max(INVITE_MAX_HOURS, inviteMessages.hoursRange)
    .optional(),
  maxUses: z
    .number({ error: inviteMessages.usesRange })
    .int(inviteMessages.usesRange)
    .min(1, inviteMessages.usesRange)
    .max(INVITE_MAX_USES, inviteMessages.usesRange)
    .optional(),
});

export type CreateInviteRequest = z.infer<typeof createInviteBody>;

/**
 * The room's link to share (GET /api/rooms/:roomId/invite, members only; the reset answers the
 * same). `limited` links also carry when they expire and how many may use them.
 */
export interface InviteLinkResponse {
  inviteUrl: string;
  /** GET only: whether the caller may reset the link and make limited ones (the owner). */
  canManage?: boolean;
  /** Milliseconds since the epoch. */
  expiresAt?: number;
  maxUses?: number;
}

/** A limited link the room still honours, as the owner's list shows it. */
export interface LimitedInviteLink {
  inviteUrl: string;
  /** Milliseconds since the epoch; absent for a link that does not expire. */
  expiresAt?: number;
  /** Absent for a link that admits any number of newcomers. */
  maxUses?: number;
  /** Newcomers it has let in so far. */
  uses: number;
}

/**
 * GET /api/rooms/:roomId/invites (the owner only): the room's live limited links, newest first,
 * so they can be copied again after a reload.
 */
export interface LimitedLinksResponse {
  links: LimitedInviteLink[];
  /**
   * The room id alone still admits (no reset, no limited link yet): the plain /invite?room= link
   * works. Making the first limited link ends that, which the owner is told before.
   */
  roomIdAdmits: boolean;
}

/** GET /api/invites/:roomId[?invite=]: what an invitation is to, before the person accepts it. */
export interface InvitePreview {
  roomId: string;
  name: string;
  /** The owner's nickname in the room; null once they left it or deleted their account. */
  owner: string | null;
  /** Already a member: joining only makes it the current room. */
  isMember: boolean;
  /** Removed by the room's owner or a moderator: joining will be refused. */
  banned: boolean;
}
