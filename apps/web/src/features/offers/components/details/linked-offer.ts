import { queryOptions } from '@tanstack/react-query'
import type { OfferView } from '@offerbook/domain/offer'
import { API_BASE, ApiClientError, apiErrorOf, buildQueryString, NETWORK_ERROR } from '../../../../shared/api-client'
import { clearSession, getAccessToken } from '../../../../shared/session'
import { getOffer } from '../../api/offers'
import { offerKeys } from '../../../../shared/query-keys'

async function fetchOffer(id: string, token: string, bearer: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' })
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`)
  try {
    return await fetch(`${API_BASE}/offers/${encodeURIComponent(id)}${buildQueryString({ token })}`, { headers })
  } catch {
    throw new ApiClientError(0, NETWORK_ERROR)
  }
}

/**
 * The offer a share link opens. Unlike the app's other calls, a refusal here is the page's to show:
 * an expired link answers 403 ('This offer link has expired'), which must not send the visitor
 * Home, and a stale session must not send them to sign-in when the token alone opens the offer.
 */
export async function getLinkedOffer(id: string, token: string): Promise<OfferView> {
  const bearer = getAccessToken()
  let response = await fetchOffer(id, token, bearer)
  if (response.status === 401 && bearer) {
    clearSession()
    response = await fetchOffer(id, token, null)
  }
  if (!response.ok) {
    let body: unknown = null
    try {
      body = await response.json()
    } catch {
      // No JSON body: the generic message applies.
    }
    throw apiErrorOf(response.status, body)
  }
  const { offer } = (await response.json()) as { offer: OfferView }
  return offer
}

/** With a token: the link's call; without one: the signed-in seller (or buyer) side's own call. */
export function linkedOfferQuery(id: string, token: string | null) {
  return queryOptions({
    queryKey: offerKeys.one(id, token),
    queryFn: () => (token ? getLinkedOffer(id, token) : getOffer(id)),
    retry: (count, error) => !(error instanceof ApiClientError && error.status >= 400 && error.status < 500) && count < 2,
  })
}
