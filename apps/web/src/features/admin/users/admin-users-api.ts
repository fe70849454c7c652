import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AdminUserChange,
  AdminUserDetail,
  AdminUserPage,
  AdminUserSort,
  AdminUserStatus,
  DeactivateUser,
  PrincipalBrokerDecision,
  ReactivateUser,
  SetAddListing,
  SetUserRoles,
} from '@offerbook/domain/admin-users'
import type { Role } from '@offerbook/domain/roles'
import { apiClient } from '../../../shared/api-client'
import { notifyError, notifySuccess } from '../../../shared/notify'

export type AdminUsersParams = {
  page: number
  pageSize: number
  search?: string
  role?: Role
  status?: AdminUserStatus
  sort?: AdminUserSort
  order?: 'asc' | 'desc'
}

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (params: AdminUsersParams) => [...adminUserKeys.lists(), params] as const,
  detail: (id: string) => [...adminUserKeys.all, 'detail', id] as const,
}

export function listAdminUsers(params: AdminUsersParams): Promise<AdminUserPage> {
  return apiClient.get<AdminUserPage>('/admin/users', { ...params, search: params.search || undefined })
}

export function getAdminUser(id: string): Promise<AdminUserDetail> {
  return apiClient.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`)
}

export function adminUsersQueryOptions(params: AdminUsersParams) {
  return queryOptions({ queryKey: adminUserKeys.list(params), queryFn: () => listAdminUsers(params), placeholderData: keepPreviousData })
}

export function adminUserQueryOptions(id: string) {
  return queryOptions({ queryKey: adminUserKeys.detail(id), queryFn: () => getAdminUser(id) })
}

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(params))
}

export function useAdminUser(id: string | null) {
  return useQuery({ ...adminUserQueryOptions(id ?? ''), enabled: id !== null })
}

/** Every change of a user, by what it asks of the API. */
export type AdminUserAction =
  | { kind: 'roles'; body: SetUserRoles }
  | { kind: 'addListing'; body: SetAddListing }
  | { kind: 'principalBroker'; body: PrincipalBrokerDecision }
  | { kind: 'deactivate'; body: DeactivateUser }
  | { kind: 'reactivate'; body: ReactivateUser }
  | { kind: 'passwordReset' }
  | { kind: 'verificationCode' }

/** A rule that refuses an action (403: not on yourself, only a super admin...) is told on the page, which stays. */
const STAY = { redirectOnForbidden: false } as const

function send(id: string, action: AdminUserAction): Promise<AdminUserChange | { sent: true }> {
  const base = `/admin/users/${encodeURIComponent(id)}`
  switch (action.kind) {
    case 'roles':
      return apiClient.put<AdminUserChange>(`${base}/roles`, action.body, STAY)
    case 'addListing':
      return apiClient.put<AdminUserChange>(`${base}/add-listing`, action.body, STAY)
    case 'principalBroker':
      return apiClient.post<AdminUserChange>(`${base}/principal-broker`, action.body, STAY)
    case 'deactivate':
      return apiClient.post<AdminUserChange>(`${base}/deactivate`, action.body, STAY)
    case 'reactivate':
      return apiClient.post<AdminUserChange>(`${base}/reactivate`, action.body, STAY)
    case 'passwordReset':
      return apiClient.post<{ sent: true }>(`${base}/password-reset`, undefined, STAY)
    case 'verificationCode':
      return apiClient.post<{ sent: true }>(`${base}/verification-code`, undefined, STAY)
  }
}

/**
 * One mutation for every action on a user. Success or refusal, the user and the lists are fetched
 * again: a 409 (changed meanwhile) then shows the fresh state next to the message.
 */
export function useAdminUserAction(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action }: { action: AdminUserAction; successText: string }) => send(id, action),
    // Here rather than in mutate(): the drawer may re-render from scratch meanwhile, and the notice must still show.
    onSuccess: (_answer, { successText }) => notifySuccess(successText),
    onError: notifyError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  })
}
