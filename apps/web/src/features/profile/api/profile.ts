import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateProfile } from '@offerbook/domain/profile'
import type { User } from '@offerbook/domain/user'
import { apiClient } from '../../../shared/api-client'
import { getSession, saveSession } from '../../../shared/session'
import { deviceKeys } from './devices'

type OnUser = { onUser: (user: User) => void }

export async function updateProfile(body: UpdateProfile): Promise<User> {
  const { user } = await apiClient.patch<{ user: User }>('/me', body)
  return user
}

export async function uploadPhoto(photo: File): Promise<User> {
  const { user } = await apiClient.post<{ user: User }>('/me/photo', { photo }, { formData: true })
  return user
}

/**
 * Changing the password ends every session, this one too; the answer carries the token of a new one,
 * kept with the same persistence. A wrong current password must not count as an expired session.
 */
export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  const { accessToken } = await apiClient.post<{ accessToken: string }>('/me/password', body, { redirectOnUnauthorized: false })
  saveSession({ accessToken, persist: getSession()?.persist ?? false })
}

export async function requestPrincipalBroker(): Promise<User> {
  const { user } = await apiClient.post<{ user: User }>('/me/principal-broker-request')
  return user
}

export function useUpdateProfile({ onUser }: OnUser) {
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => onUser(user) })
}

export function useUploadPhoto({ onUser }: OnUser) {
  return useMutation({ mutationFn: uploadPhoto, onSuccess: (user) => onUser(user) })
}

export function useChangePassword() {
  const queryClient = useQueryClient()
  // Every other device was signed out with the old password; the list shows this new session only.
  return useMutation({ mutationFn: changePassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }) })
}

export function useRequestPrincipalBroker({ onUser }: OnUser) {
  return useMutation({ mutationFn: requestPrincipalBroker, onSuccess: (user) => onUser(user) })
}
