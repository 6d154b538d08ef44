import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The one cache of server data. A refusal (4xx) is an answer, not a hiccup, so it is not
 * retried; a network failure or a 5xx is retried once. Data stays fresh for a few seconds so a
 * screen and its drawer asking for the same list share one request.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status < 500) && failures < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
