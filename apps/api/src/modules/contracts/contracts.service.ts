import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import type { Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import { layoutRf707 } from '@offerbook/domain/clauses/rf707-layout'
import { CENTRAL_TIME, dateInZone } from '@offerbook/domain/property-time'
import { fieldError } from '../../app-error'
import { runHeavy } from '../../workers/heavy-pool'

export type Rf707Document = { pdf: Uint8Array; filename: string }

/**
 * The RF707 addendum for these choices as a PDF, laid out by the same function as the browser's
 * preview. Content that cannot fit on the form's 6 pages is refused with the layout's message.
 */
export async function renderRf707Document({ formData, parties = {}, now = new Date() }: { formData: ClauseFormData; parties?: Rf707Parties; now?: Date }): Promise<Rf707Document> {
  const layout = layoutRf707(formData, parties)
  if (!layout.fits) throw fieldError('formData', layout.message.key, layout.message.params)
  // Rendered in the heavy-work pool, off the thread that answers requests (decision 039).
  const pdf = await runHeavy('renderRf707Pdf', { layout, meta: { parties, createdAt: now } })
  // Dated in the property's zone (decision 030), not in UTC: a late evening in Tennessee is still that day.
  return { pdf, filename: `RF707-${dateInZone(now, parties.timeZone ?? CENTRAL_TIME)}.pdf` }
}
