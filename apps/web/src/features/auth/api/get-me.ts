import { useCallback } from 'react'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { User } from '@offerbook/domain/user'
import { apiClient } from '../../../shared/api-client'
import { setMoneyCurrency } from '../../../shared/money'
import { useSession } from '../../../shared/session'

export const meKeys = {
  all: ['me'] as const,
}

export async function getMe(): Promise<User> {
  // A stale token on a public page should not force a sign-in: the guards decide where to go.
  const { user } = await apiClient.get<{ user: User }>('/me', undefined, { redirectOnUnauthorized: false })
  // Before any page renders an amount with this user.
  setMoneyCurrency(user.currency)
  return user
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meKeys.all, queryFn: getMe, staleTime: 60_000 })
}

/** The signed-in user; idle (no data, not loading) when there is no access token. */
export function useCurrentUser() {
  const session = useSession()
  return useQuery({ ...meQueryOptions(), enabled: session !== null })
}

/** Puts the user an API call returned in place of the cached one, so every screen shows the change. */
export function useSetCurrentUser() {
  const queryClient = useQueryClient()
  return useCallback(
    (user: User) => {
      setMoneyCurrency(user.currency)
      queryClient.setQueryData(meKeys.all, user)
    },
    [queryClient],
  )
}
