import type { Refused } from '../../../contract/realtime';
import { Refusal } from '../../socket-io';

/** A connect_error as the client reads it: the words as its message, the code in its data. */
export const refusal = ({ error, code }: Refused) => new Refusal(error, { code });
