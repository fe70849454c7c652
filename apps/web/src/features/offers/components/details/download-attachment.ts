import type { OfferAttachment } from '@offerbook/domain/offer'
import { API_BASE, apiErrorOf, buildQueryString } from '../../../../shared/api-client'
import { getAccessToken } from '../../../../shared/session'
import { offerAttachmentPath } from '../../api/offers'

/**
 * Fetches an offer's file with the session (bearer token) or the share link's token, since a plain
 * link would carry neither, and hands it to the browser as a download.
 */
export async function downloadOfferAttachment(offerId: string, attachment: OfferAttachment, linkToken?: string | null): Promise<void> {
  const headers = new Headers({ Accept: '*/*' })
  const session = getAccessToken()
  if (session) headers.set('Authorization', `Bearer ${session}`)
  const url = `${API_BASE}${offerAttachmentPath(offerId, attachment.id)}${buildQueryString({ token: linkToken })}`
  const response = await fetch(url, { headers })
  if (!response.ok) {
    let body: unknown = null
    try {
      body = await response.json()
    } catch {
      // No JSON body: the generic message applies.
    }
    throw apiErrorOf(response.status, body)
  }
  const blob = await response.blob()
  const href = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = href
  anchor.download = attachment.filename
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // The click has started the download; the URL can go once the browser has read it.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000)
}
