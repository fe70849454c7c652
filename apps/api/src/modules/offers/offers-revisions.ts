import { AppError } from '../../app-error'
import type { OfferRow } from './offers.queries'
import { centralDateTime } from './offers-notify'

/** After the highest-and-best deadline the buyer side may no longer revise (the server's rule, not the form's). */
export function refuseRevisionAfterDeadline(row: Pick<OfferRow, 'bestDeadline'>, now: Date): void {
  if (row.bestDeadline && row.bestDeadline.getTime() <= now.getTime()) throw new AppError('CONFLICT', 'negotiation.bestDeadlinePassed', { params: { deadline: centralDateTime(row.bestDeadline) } })
}
