/** GET /api/invites/:roomId: what an invitation is to, before the person accepts it. */
export interface InvitePreview {
  roomId: string;
  name: string;
  /** Already a member: joining only makes it the current room. */
  isMember: boolean;
  /** Removed by the room's owner or a moderator: joining will be refused. */
  banned: boolean;
}
