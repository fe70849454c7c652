import { useMutation } from '@tanstack/react-query'
import type { Onboarding } from '@offerbook/domain/profile'
import type { User } from '@offerbook/domain/user'
import { apiClient } from '../../../shared/api-client'

export async function completeOnboarding(body: Onboarding): Promise<User> {
  const { user } = await apiClient.put<{ user: User }>('/me/onboarding', body)
  return user
}

export function useCompleteOnboarding({ onCompleted }: { onCompleted: (user: User) => void }) {
  return useMutation({ mutationFn: completeOnboarding, onSuccess: (user) => onCompleted(user) })
}
