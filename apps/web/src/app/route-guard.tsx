import type { ReactNode } from 'react'
import { useTranslation } from '../shared/i18n/translation'
import { Navigate, useLocation } from '../shared/navigation'
import type { RouteDef } from '@offerbook/domain/route-access'
import { decideAccess, ONBOARDING_PATH, signInPathFor } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../features/auth/api/get-me'
import { ApiClientError } from '../shared/api-client'
import { useSession, useSessionStarting } from '../shared/session'
import { CenteredLoader } from '../shared/ui/centered-loader'
import { RetryAlert } from '../shared/ui/retry-alert'

/**
 * Spec sections 4 and 6: an anonymous visitor, a stale session (its /api/me answers 401, which
 * clears it) and a user without a matching role all go to sign-in with the full path to come back to.
 * A signed-in user who has not finished onboarding is led there first; public pages stay open.
 */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { t } = useTranslation()
  const location = useLocation()
  const session = useSession()
  const starting = useSessionStarting()
  const me = useCurrentUser()

  if (route.access === 'public') return children

  const signIn = <Navigate replace to={signInPathFor(location.pathname + location.search)} />
  // A new tab may still be asking an open one for the session (shared/session-tabs.ts).
  if (!session) return starting ? <CenteredLoader /> : signIn
  if (me.data && !me.data.onboarded) return <Navigate replace to={ONBOARDING_PATH} />
  if (me.data) return decideAccess(route, me.data.roles) === 'allow' ? children : signIn
  if (me.isError) {
    if (me.error instanceof ApiClientError && me.error.status === 401) return signIn
    return <RetryAlert message={t('guard.userFailed')} onRetry={() => void me.refetch()} />
  }
  return <CenteredLoader />
}
