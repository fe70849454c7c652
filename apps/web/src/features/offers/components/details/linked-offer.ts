import { queryOptions } from '@tanstack/react-query'
import type { OfferView } from '@offerbook/domain/offer'
import { API_BASE, ApiClientError, apiFetch, buildQueryString } from '../../../../shared/api-client'
import { getAccessToken } from '../../../../shared/session'
import { getOffer } from '../../api/offers'
import { offerKeys } from '../../../../shared/query-keys'

/**
 * The link's refusals are the page's to show: an expired link answers 403 ('This offer link has
 * expired'), which must not send the visitor Home, and the token alone opens the offer, so a 401
 * sends no one to sign-in. A 401 on a call that carried the session still ends that session (the
 * rule of spec section 8, in api-client's one place), and the call is made again without it.
 */
const LINK_RULES = { redirectOnUnauthorized: false, redirectOnForbidden: false } as const

function fetchOffer(id: string, token: string, bearer: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' })
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`)
  return apiFetch(`${API_BASE}/offers/${encodeURIComponent(id)}${buildQueryString({ token })}`, { headers }, LINK_RULES)
}

/** The offer a share link opens. */
export async function getLinkedOffer(id: string, token: string): Promise<OfferView> {
  const bearer = getAccessToken()
  let response: Response
  try {
    response = await fetchOffer(id, token, bearer)
  } catch (error) {
    if (!(bearer && error instanceof ApiClientError && error.status === 401)) throw error
    response = await fetchOffer(id, token, null)
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
