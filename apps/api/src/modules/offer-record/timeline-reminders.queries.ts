import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { TimelineKind, TimelineTerms } from '@offerbook/domain/contract-timeline'
import type { TimelineReminder } from '@offerbook/domain/contract-timeline-reminders'
import type { ListingNotify } from '@offerbook/domain/listing-settings'
import type { Db } from '../../db/client'
import { contactOptOut } from '../../db/schema/conversations'
import { listing } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { timelineReminder } from '../../db/schema/timeline-reminders'
import { user } from '../../db/schema/users'

/** A bound open contract with what its timeline and its reminders need. */
export type BoundContractRow = {
  id: string
  listingId: string
  buyerId: string
  bindingAgreementAt: Date
  /** Only the terms the timeline reads (TimelineTerms), as stored. */
  terms: TimelineTerms
  address: string | null
  county: string | null
  ownerId: string
  listAgentUserId: string | null
  notify: ListingNotify
}

/**
 * Every bound open contract (an accepted offer with a Binding Agreement Date; a closed or terminated
 * one has left 'accepted'), in one scan of offer_bound_idx. Only the terms the timeline reads travel.
 */
export async function listBoundContracts(db: Db): Promise<BoundContractRow[]> {
  const rows = await db
    .select({
      id: offer.id,
      listingId: offer.listingId,
      buyerId: offer.buyerId,
      bindingAgreementAt: offer.bindingAgreementAt,
      terms: sql<TimelineTerms>`jsonb_build_object(
        'earnestMoney', ${offer.terms}->'earnestMoney', 'financing', ${offer.terms}->'financing',
        'appraisalContingency', ${offer.terms}->'appraisalContingency', 'inspectionPeriodDays', ${offer.terms}->'inspectionPeriodDays',
        'resolutionPeriodDays', ${offer.terms}->'resolutionPeriodDays', 'closingDate', ${offer.terms}->'closingDate',
        'possession', ${offer.terms}->'possession', 'stipulationChoices', ${offer.terms}->'stipulationChoices')`,
      address: listing.unparsedAddress,
      county: listing.countyOrParish,
      ownerId: listing.ownerId,
      listAgentUserId: listing.listAgentUserId,
      notify: listing.notify,
    })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(offer.status, 'accepted'), isNotNull(offer.bindingAgreementAt)))
  return rows.flatMap((row) => (row.bindingAgreementAt ? [{ ...row, bindingAgreementAt: row.bindingAgreementAt }] : []))
}

export type ReminderPersonRow = { id: string; name: string; email: string; language: string; phone: string | null; phoneVerified: boolean }

/** The accounts reminded or told, with their language and phone. */
export async function findReminderPeople(db: Db, ids: readonly string[]): Promise<ReminderPersonRow[]> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return []
  return db.select({ id: user.id, name: user.name, email: user.email, language: user.language, phone: user.phone, phoneVerified: user.phoneVerified }).from(user).where(inArray(user.id, wanted))
}

/** The numbers among these that replied STOP (send module's contact_opt_out). */
export async function smsOptedOut(db: Db, phones: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(phones)]
  if (wanted.length === 0) return new Set()
  const rows = await db
    .select({ recipient: contactOptOut.recipient })
    .from(contactOptOut)
    .where(and(eq(contactOptOut.channel, 'sms'), inArray(contactOptOut.recipient, wanted)))
  return new Set(rows.map((row) => row.recipient))
}

export type ReminderKey = { offerId: string; kind: TimelineKind; due: Date; reminder: TimelineReminder }

export const reminderKeyOf = ({ offerId, kind, due, reminder }: ReminderKey): string => `${offerId}|${kind}|${due.toISOString()}|${reminder}`

/**
 * Writes the reminders about to be sent; returns those that were not sent before (by anyone): only
 * these are sent. In the transaction of their messages, so a rollback unsends them all.
 */
export async function claimReminders(db: Db, keys: readonly ReminderKey[], sentAt: Date): Promise<ReminderKey[]> {
  if (keys.length === 0) return []
  const rows = await db
    .insert(timelineReminder)
    .values(keys.map((key) => ({ ...key, sentAt })))
    .onConflictDoNothing()
    .returning({ offerId: timelineReminder.offerId, kind: timelineReminder.kind, due: timelineReminder.due, reminder: timelineReminder.reminder })
  return rows.map((row) => ({ offerId: row.offerId, kind: row.kind as TimelineKind, due: row.due, reminder: row.reminder as TimelineReminder }))
}
