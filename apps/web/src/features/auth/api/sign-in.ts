import { useCallback } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Session, SignIn } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import { apiClient } from '../../../shared/api-client'
import { setMoneyCurrency } from '../../../shared/money'
import { saveSession } from '../../../shared/session'
import { meKeys } from './get-me'

export function signIn(body: SignIn): Promise<Session> {
  return apiClient.post<Session>('/session', body, { redirectOnForbidden: false })
}

/** Keeps a session the API handed out (any sign-in method): the user in the cache, the token in storage. */
export function useStoreSession() {
  const queryClient = useQueryClient()
  return useCallback(
    (session: Session, persist: boolean) => {
      setMoneyCurrency(session.user.currency)
      queryClient.setQueryData(meKeys.all, session.user)
      saveSession({ accessToken: session.accessToken, persist })
    },
    [queryClient],
  )
}

/**
 * `onSignedIn` runs here rather than in mutate's callbacks: saving the session re-renders the page,
 * and callbacks passed to mutate do not run once the form has unmounted.
 */
export function useSignIn({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const storeSession = useStoreSession()
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session, variables) => {
      storeSession(session, variables.persist)
      onSignedIn(session.user)
    },
  })
}
