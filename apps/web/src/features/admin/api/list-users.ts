import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '@offerbook/domain/user'
import { apiClient } from '../../../shared/api-client'

export type ListUsersParams = { page: number; pageSize: number; search?: string }
export type UserPage = { items: User[]; total: number; page: number; pageSize: number }

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (params: ListUsersParams) => [...adminUserKeys.all, params] as const,
}

export function listUsers(params: ListUsersParams): Promise<UserPage> {
  return apiClient.get<UserPage>('/admin/users', { page: params.page, pageSize: params.pageSize, search: params.search || undefined })
}

export function usersQueryOptions(params: ListUsersParams) {
  return queryOptions({ queryKey: adminUserKeys.list(params), queryFn: () => listUsers(params), placeholderData: keepPreviousData })
}

export function useUsers(params: ListUsersParams) {
  return useQuery(usersQueryOptions(params))
}
