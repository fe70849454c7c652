import { dayNumberOf } from '@offerbook/domain/calendar-days'
import { dateInZone, propertyTimeZone } from '@offerbook/domain/property-time'
import { DISBURSEMENT_REMINDER_DAYS, disbursementClock } from '@offerbook/domain/trust-clock'
import type { Language } from '@offerbook/domain/user'
import { LanguageSchema } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import type { JobDefinition, JobLog } from '../jobs/job-runner'
import type { Notify } from '../notifications/notifications.service'
import { notifyAll } from '../notifications/notifications.service'
import { buyerOfferPath, sellerOfferPath } from '../offers/offers-notify'
import { recordEvent } from '../offers/offers.service'
import type { OpenClockRow } from './earnest-money.queries'
import { brokersOf, claimDisbursementReminder, findTrustPeople, listOpenClocks } from './earnest-money.queries'

/**
 * The earnest money's disbursement clock (decision 070): a run reads every contract with a written
 * request to disburse and no release, and owes the latest of the day-14, -18 and -21 reminders its
 * request's age in the property's zone has reached. Each is claimed by a row (contract, request date,
 * day) in the transaction of its notifications, emails and ledger entry: sent once, by one run. The
 * holder's side is told: its agent (the listing agent when the listing broker holds the money,
 * otherwise the agent who recorded the request) and that agent's principal broker.
 */

export type DisbursementRun = { clocks: number; reminders: number; told: number }

const languageOf = (value: string): Language => LanguageSchema.catch('en-us').parse(value)

/** The reminder day a request made on `requestedOn` owes on `today`: the latest of 14, 18 and 21 reached, or null before day 14. */
export function reminderDayOwed(requestedOn: string, today: string): (typeof DISBURSEMENT_REMINDER_DAYS)[number] | null {
  const age = dayNumberOf(today) - dayNumberOf(requestedOn)
  return [...DISBURSEMENT_REMINDER_DAYS].reverse().find((day) => day <= age) ?? null
}

/** The holder's side's agent of a contract. */
function holderAgent(clock: OpenClockRow): string {
  if (clock.holderKind === 'listing-broker') return clock.listAgentUserId ?? clock.ownerId
  return clock.requestRecordedBy ?? clock.buyerId
}

export async function sendDisbursementReminders(db: Db, ctx: { publicUrl: string }, { now = new Date() }: { now?: Date } = {}): Promise<DisbursementRun> {
  const clocks = await listOpenClocks(db)
  const run: DisbursementRun = { clocks: clocks.length, reminders: 0, told: 0 }
  for (const clock of clocks) {
    const zone = propertyTimeZone(clock.county)
    const today = dateInZone(now, zone)
    const day = reminderDayOwed(clock.requestedOn, today)
    if (day === null) continue
    await db.transaction(async (tx) => {
      if (!(await claimDisbursementReminder(tx, { offerId: clock.offerId, requestedOn: clock.requestedOn, day }, now))) return
      const agentId = holderAgent(clock)
      const brokerId = (await brokersOf(tx, [agentId])).get(agentId) ?? null
      const people = new Map((await findTrustPeople(tx, [agentId, ...(brokerId ? [brokerId] : [])])).map((person) => [person.id, person]))
      const { dueOn } = disbursementClock(clock.requestedOn, today)
      const address = clock.address || clock.listingId
      const side = agentId === clock.buyerId ? 'buyer' : 'seller'
      const agentPath = side === 'buyer' ? buyerOfferPath({ id: clock.offerId }) : sellerOfferPath({ id: clock.offerId, listingId: clock.listingId })
      const notices: Notify[] = []
      const told: string[] = []
      for (const [id, path, type] of [
        [agentId, agentPath, 'offer.disbursement-reminder'],
        [brokerId, '/trust-log', 'trust.disbursement-reminder'],
      ] as const) {
        const person = id ? people.get(id) : undefined
        if (!person || told.includes(person.id)) continue
        told.push(person.id)
        const isAgent = type === 'offer.disbursement-reminder'
        notices.push({
          userId: person.id,
          type,
          offerId: isAgent ? clock.offerId : null,
          listingId: isAgent ? clock.listingId : null,
          data: { address, day, dueOn, ...(isAgent ? { side, offerId: clock.offerId, listingId: clock.listingId } : {}) },
          email: { to: person.email, locale: languageOf(person.language), publicUrl: ctx.publicUrl, message: { name: 'disbursement-reminder', data: { day, address, requestedOn: clock.requestedOn, dueOn, payee: clock.requestPayee ?? '', path } } },
          at: now,
        })
      }
      await notifyAll(tx, notices)
      await recordEvent(tx, { id: clock.offerId, listingId: clock.listingId, buyerId: clock.buyerId }, { type: 'disbursement-reminder', actor: null, from: null, to: null, at: now, details: { day, requestedOn: clock.requestedOn, dueOn, told: told.length } })
      run.reminders += 1
      run.told += told.length
    })
  }
  return run
}

/** The clock's reminders as an entry of the job runner (decision 045): at start, then every 15 minutes after a run ends. */
export function disbursementRemindersJob({ db, log, publicUrl, everyMs = 15 * 60_000 }: { db: Db; log: JobLog; publicUrl: string; everyMs?: number }): JobDefinition<DisbursementRun> {
  return {
    name: 'disbursement-reminders',
    kind: 'schedule',
    everyMs,
    runAtStart: true,
    async run() {
      const run = await sendDisbursementReminders(db, { publicUrl })
      if (run.reminders > 0) log.info(run, 'earnest money disbursement reminders sent')
      return run
    },
  }
}
