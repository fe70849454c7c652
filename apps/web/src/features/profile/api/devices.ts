import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Devices, SignedOutDevices } from '@offerbook/domain/devices'
import { apiClient } from '../../../shared/api-client'

/** The signed-in devices of the user (GET /api/sessions), each named by its session id, never its token. */

export const deviceKeys = {
  all: ['devices'] as const,
}

export async function listDevices(): Promise<Devices> {
  return apiClient.get<Devices>('/sessions')
}

export async function signOutDevice(id: string): Promise<void> {
  await apiClient.delete<void>(`/sessions/${encodeURIComponent(id)}`)
}

/** Every session of the user except this one. */
export async function signOutOtherDevices(): Promise<SignedOutDevices> {
  return apiClient.delete<SignedOutDevices>('/sessions')
}

export function useDevices() {
  return useQuery({ queryKey: deviceKeys.all, queryFn: listDevices })
}

export function useSignOutDevice() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: signOutDevice, onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }) })
}

export function useSignOutOtherDevices() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: signOutOtherDevices, onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }) })
}
