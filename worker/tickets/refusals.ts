/**
 * The texts a refused socket sees, shared by the upgrade (socket-route.ts), the ticket route
 * and the room: the chat screen shows the same sentence whichever of them said no.
 */
export const NOT_AUTHENTICATED = 'Not authenticated';
export const ROOM_NOT_FOUND = 'Room not found';
export const NOT_A_MEMBER = 'You are not a member of this room';
