import { useCallback } from 'react'
import { useNavigate } from '../shared/navigation'
import type { Session } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import { homePathFor, ONBOARDING_PATH, resolveVisit } from '@offerbook/domain/route-access'
import { TEAM_INVITATION_PATH } from '@offerbook/domain/teams'
import { useStoreSession } from '../features/auth/api/sign-in'

/**
 * Where a user goes once signed in, whatever the method: a user who has not finished onboarding goes
 * there first (spec: onboarding steps); otherwise the asked-for page when this user may open it,
 * else their home (no loop back to sign-in).
 */
export function destinationFor(user: User, redirect: string | null): string {
  // A team invitation's page (public) is where a new invitee signs up from: they come back to accept it, then onboard.
  if (!user.onboarded) return redirect?.startsWith('/onboarding/') || redirect?.startsWith(`${TEAM_INVITATION_PATH}?`) ? redirect : ONBOARDING_PATH
  if (redirect && resolveVisit(redirect, user.roles).route.name !== 'sign-in') return redirect
  return homePathFor(user.roles)
}

/** Stores a session from any sign-in method and moves on to where that user belongs. */
export function useCompleteSignIn() {
  const navigate = useNavigate()
  const storeSession = useStoreSession()
  return useCallback(
    (session: Session, persist: boolean, redirect: string | null) => {
      storeSession(session, persist)
      void navigate(destinationFor(session.user, redirect), { replace: true })
    },
    [navigate, storeSession],
  )
}
