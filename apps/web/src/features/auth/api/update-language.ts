import type { Language, User } from '@offerbook/domain/user'
import { apiClient } from '../../../shared/api-client'

export async function updateLanguage(language: Language): Promise<User> {
  const { user } = await apiClient.put<{ user: User }>('/me/language', { language })
  return user
}
