import type { OfferAttachment } from '@offerbook/domain/offer'
import { buildQueryString } from '../../../../shared/api-client'
import { downloadApiFile } from '../../../../shared/download-file'
import { getAccessToken } from '../../../../shared/session'
import { offerAttachmentPath } from '../../api/offers'

/**
 * Fetches an offer's file with the session (bearer token) or the share link's token, since a plain
 * link would carry neither, and hands it to the browser as a download under its own name.
 */
export async function downloadOfferAttachment(offerId: string, attachment: OfferAttachment, linkToken?: string | null): Promise<void> {
  const session = getAccessToken()
  await downloadApiFile(`${offerAttachmentPath(offerId, attachment.id)}${buildQueryString({ token: linkToken })}`, {
    headers: session ? { Authorization: `Bearer ${session}` } : {},
    fallbackName: attachment.filename,
    // A share link's refusal (an expired link is 403) is the page's to say, as getLinkedOffer's is.
    rules: linkToken ? { redirectOnUnauthorized: false, redirectOnForbidden: false } : {},
  })
}
