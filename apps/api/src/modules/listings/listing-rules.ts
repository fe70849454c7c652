import type { ListingPatch, PublishProblem } from '@offerbook/domain/listing'
import { listingPublishProblems } from '@offerbook/domain/listing'
import { listPriceWarnings } from '@offerbook/domain/money-bounds'
import type { FieldError } from '../../app-error'
import { AppError, fieldError } from '../../app-error'
import type { ListingRow } from './listings.queries'
import { listingFieldsOf } from './listings-reso'

/** The rules a listing's edit and publishing answer to (listings.service.ts). */

/** A 400 naming every refused field; the first one's message is the error's. */
export function badRequest(errors: FieldError[]): AppError {
  const first: Pick<FieldError, 'key' | 'params'> = errors[0] ?? { key: 'common.required' }
  return new AppError('BAD_REQUEST', first.key, { params: first.params, errors })
}

/**
 * A deadline must be in the future when it is set; the same deadline sent again (a form re-saving
 * every field) is not a new choice and is kept even once it has passed.
 */
export function checkOfferDeadline(deadline: string | null | undefined, current: Date | null, now: Date): void {
  if (deadline === undefined || deadline === null) return
  const time = new Date(deadline).getTime()
  if (current && current.getTime() === time) return
  if (time <= now.getTime()) throw fieldError('offerDeadline', 'listing.offerDeadlinePast')
}

/**
 * A new list price out of bounds needs the person's confirmation of that very figure (decision 037),
 * as the offer's share does; the price already on the listing, sent again, is not a new choice.
 */
export function checkListPrice(patch: ListingPatch, current: number | null): void {
  const price = patch.ListPrice
  if (price === undefined || price === null || price === current) return
  if (listPriceWarnings(price).length > 0 && patch.confirmedListPrice !== price) throw fieldError('ListPrice', 'listing.listPriceUnconfirmed')
}

export function publishProblems(row: ListingRow, photoCount: number, now: Date): PublishProblem[] {
  const problems = listingPublishProblems({ ...listingFieldsOf(row), photoCount })
  if (row.offerDeadline && row.offerDeadline.getTime() <= now.getTime()) {
    problems.push({ path: 'offerDeadline', key: 'listing.offerDeadlinePast', step: 'offer-settings' })
  }
  return problems
}

export function refusePublishing(problems: readonly PublishProblem[]): void {
  if (problems.length > 0) throw badRequest(problems.map(({ path, key }) => ({ path, key })))
}
