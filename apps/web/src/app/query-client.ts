import { QueryClient } from '@tanstack/react-query'
import { isClientError } from '../shared/api-client'

/** A 4xx answer will not change on a retry; network and 5xx failures get two more tries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: (failureCount, error) => !isClientError(error) && failureCount < 2, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}
