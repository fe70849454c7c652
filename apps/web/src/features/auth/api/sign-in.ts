import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Session, SignIn } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import { apiClient } from '../../../shared/api-client'
import { saveSession } from '../../../shared/session'
import { meKeys } from './get-me'

export function signIn(body: SignIn): Promise<Session> {
  return apiClient.post<Session>('/session', body)
}

/**
 * `onSignedIn` runs here rather than in mutate's callbacks: saving the session re-renders the page,
 * and callbacks passed to mutate do not run once the form has unmounted.
 */
export function useSignIn({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session, variables) => {
      queryClient.setQueryData(meKeys.all, session.user)
      saveSession({ accessToken: session.accessToken, persist: variables.persist })
      onSignedIn(session.user)
    },
  })
}
