import { useMutation } from '@tanstack/react-query'
import type { User } from '@offerbook/domain/user'
import { apiClient } from '../../../shared/api-client'
import type { CompleteOnboarding } from '../onboarding-rules'

export async function completeOnboarding(body: CompleteOnboarding): Promise<User> {
  const { user } = await apiClient.put<{ user: User }>('/me/onboarding', body)
  return user
}

export function useCompleteOnboarding({ onCompleted }: { onCompleted: (user: User) => void }) {
  return useMutation({ mutationFn: completeOnboarding, onSuccess: (user) => onCompleted(user) })
}
