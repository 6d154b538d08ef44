/**
 * A room's answer to a member's search (ChatRoom.searchMessages, from the search route): made
 * on the first search in the room's life in memory, so a room nobody searches pays nothing.
 * Limited per person like history pages (load-history.ts), with a budget of its own.
 */
import { searchWords, type SearchQuery, type SearchResponse } from '../../../contract/search';
import { newHistoryLimit } from './load-history';
import { SearchIndex } from './search-index';

/** The results, or why there are none for this caller. */
export type SearchOutcome = SearchResponse | { refused: 'not_found' | 'rate_limited' };

export class RoomSearch {
  private readonly index: SearchIndex;
  private readonly budgets = newHistoryLimit();

  constructor(storage: DurableObjectStorage) {
    this.index = new SearchIndex(storage.sql, storage.kv);
  }

  /** The caller is a member (the route and the room's bans said so). */
  answer(userId: string, query: SearchQuery): SearchOutcome {
    if (!this.budgets.take(userId)) return { refused: 'rate_limited' };
    return this.index.search(searchWords(query.q), query.before);
  }
}
