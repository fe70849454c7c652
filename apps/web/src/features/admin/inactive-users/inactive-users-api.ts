import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InactiveReason, InactiveUsersPage, InactivitySetting } from '@offerbook/domain/inactive-users'
import { apiClient } from '../../../shared/api-client'

export type InactiveUsersParams = { page: number; pageSize: number; search?: string; reason?: InactiveReason }

export const inactiveUserKeys = {
  all: ['admin', 'inactive-users'] as const,
  list: (params: InactiveUsersParams) => [...inactiveUserKeys.all, 'list', params] as const,
  setting: ['admin', 'settings', 'inactivity'] as const,
}

export function useInactiveUsers(params: InactiveUsersParams) {
  return useQuery({
    queryKey: inactiveUserKeys.list(params),
    queryFn: () => apiClient.get<InactiveUsersPage>('/admin/inactive-users', { ...params, search: params.search || undefined }),
    placeholderData: keepPreviousData,
  })
}

export function useInactivitySetting() {
  return useQuery({ queryKey: inactiveUserKeys.setting, queryFn: () => apiClient.get<InactivitySetting>('/admin/settings/inactivity') })
}

export function useSaveInactivitySetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: InactivitySetting) => apiClient.put<InactivitySetting>('/admin/settings/inactivity', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(inactiveUserKeys.setting, saved)
      void queryClient.invalidateQueries({ queryKey: inactiveUserKeys.all })
    },
  })
}

/** What an admin does to one inactive account from this page. */
export type InactiveUserAction = { kind: 'reminder'; id: string } | { kind: 'erase'; id: string } | { kind: 'reactivate'; id: string; expectedUpdatedAt: string }

/** A rule that refuses an action (403: only a super admin reactivates an admin) is told on the page, which stays. */
const STAY = { redirectOnForbidden: false } as const

function send(action: InactiveUserAction): Promise<unknown> {
  const id = encodeURIComponent(action.id)
  switch (action.kind) {
    case 'reminder':
      return apiClient.post<{ sent: true }>(`/admin/inactive-users/${id}/reminder`, undefined, STAY)
    case 'erase':
      return apiClient.delete<null>(`/admin/inactive-users/${id}`, undefined, STAY)
    case 'reactivate':
      // The users API of /admin/users (issue #15) owns reactivation.
      return apiClient.post<unknown>(`/admin/users/${id}/reactivate`, { expectedUpdatedAt: action.expectedUpdatedAt }, STAY)
  }
}

export function useInactiveUserAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (_result, action) => {
      if (action.kind !== 'reminder') {
        void queryClient.invalidateQueries({ queryKey: inactiveUserKeys.all })
        void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })
      }
    },
  })
}
