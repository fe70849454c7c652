import { createHash, randomBytes } from 'node:crypto'
import type { DisbursementRequestInput, EarnestMoneyMethod, EarnestMoneyView, Holder, HolderAttestation, HolderLinkInput, HolderPage, ReleaseInput } from '@offerbook/domain/earnest-money'
import { EARNEST_MONEY_LIMITS, HOLDER_LINK_DAYS } from '@offerbook/domain/earnest-money'
import { FILE_SIDES } from '@offerbook/domain/file-checklist'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { formatUsd } from '@offerbook/domain/money'
import { dateInZone, formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'
import type { ReleaseKind } from '@offerbook/domain/trust-clock'
import { disbursementClock } from '@offerbook/domain/trust-clock'
import type { User } from '@offerbook/domain/user'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { enqueueEmail } from '../messaging/messaging.service'
import { addFileDocument } from '../transaction-files/file-documents.service'
import { termsOf } from '../offers/offers-access'
import { notifyBuyerSide, notifySellerSide } from '../offers/offers-notify'
import type { OfferRow } from '../offers/offers.service'
import { listingOf, offerById, recordEvent } from '../offers/offers.service'
import { partyOfOffer } from '../signing/signing-access'
import { leadsBrokerage } from '../teams/team-rules'
import { getUser } from '../users/users.service'
import { renderReceiptPdf } from './earnest-money-pdf'
import type { EarnestMoneyRow, HolderLinkRow } from './earnest-money.queries'
import {
  countHolderLinks,
  findEarnestMoney,
  findHolderLinkByHash,
  insertEarnestMoney,
  insertHolderLink,
  isBrokerageRecord,
  listHolderLinks,
  lockEarnestMoney,
  replaceOpenLinks,
  updateEarnestMoney,
  useHolderLink,
} from './earnest-money.queries'

/**
 * The earnest money trust record of a contract (issue #35 item 4, decision 070):
 * - an agent of either side sends the holder the contract names a single-use, expiring link (only its
 *   SHA-256 is kept); the holder attests receipt on a public page, which draws the receipt PDF, files
 *   it on both sides, writes the trust log's row and tells both sides' agents;
 * - an agent records a written request to disburse (the 21-day clock starts) and the release that
 *   closes it. Each step is an offer record entry.
 */

export type EarnestMoneyContext = { publicUrl: string; storage: FileStorage }

const DAY_MS = 86_400_000
export const hashHolderToken = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')
const cents = (amount: number) => Math.round(amount * 100)
const dollars = (amountCents: number) => amountCents / 100
const linkNotValid = () => new AppError('NOT_FOUND', 'earnestMoney.linkNotValid')

const isBound = (offer: OfferRow) => (offer.status as OfferStatus) === 'accepted' && offer.bindingAgreementAt !== null

function holderOf(offer: OfferRow): { holder: Holder; amountDue: number | null } {
  const { earnestMoney } = termsOf(offer)
  return { holder: { kind: earnestMoney.holder, name: earnestMoney.holderName.trim(), address: earnestMoney.holderAddress.trim() }, amountDue: earnestMoney.amount }
}

const buyersOf = (offer: OfferRow) =>
  termsOf(offer)
    .buyers.map((buyer) => buyer.fullName.trim())
    .filter(Boolean)

async function placeOf(db: Db, offer: OfferRow, now: Date) {
  const listing = await listingOf(db, offer)
  const zone = propertyTimeZone(listing.countyOrParish)
  return { listing, zone, today: dateInZone(now, zone), bindingDate: offer.bindingAgreementAt ? dateInZone(offer.bindingAgreementAt, zone) : null }
}

function linkState(row: HolderLinkRow, now: Date) {
  if (row.usedAt) return 'used' as const
  if (row.replacedAt) return 'replaced' as const
  return row.expiresAt.getTime() <= now.getTime() ? ('expired' as const) : ('open' as const)
}

function viewOf(offer: OfferRow, record: EarnestMoneyRow | null, links: readonly HolderLinkRow[], { today, canAct, now }: { today: string; canAct: boolean; now: Date }): EarnestMoneyView {
  const { holder, amountDue } = holderOf(offer)
  const recorded = record ? { holder: { kind: record.holderKind as Holder['kind'], name: record.holderName, address: record.holderAddress } } : { holder }
  return {
    bound: isBound(offer),
    canAct,
    holder: recorded.holder,
    amountDue,
    links: canAct ? links.map((row) => ({ id: row.id, email: row.email, sentAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(), state: linkState(row, now) })) : [],
    receipt: record
      ? { amount: dollars(record.amountCents), receivedOn: record.receivedOn, method: record.method as EarnestMoneyMethod, methodOther: record.methodOther, attestedAt: record.attestedAt.toISOString(), holderEmail: record.holderEmail }
      : null,
    request:
      record?.requestedOn && record.requestRecordedAt
        ? { requestedOn: record.requestedOn, requestedBy: record.requestedBy ?? '', payee: record.requestPayee ?? '', recordedByName: record.requestRecordedByName ?? '', recordedAt: record.requestRecordedAt.toISOString() }
        : null,
    clock: record?.requestedOn ? disbursementClock(record.requestedOn, today, record.releasedOn) : null,
    release:
      record?.releasedOn && record.releaseKind && record.releaseRecordedAt
        ? {
            kind: record.releaseKind as ReleaseKind,
            releasedOn: record.releasedOn,
            payee: record.releasePayee ?? '',
            amount: dollars(record.releaseAmountCents ?? 0),
            recordedByName: record.releaseRecordedByName ?? '',
            recordedAt: record.releaseRecordedAt.toISOString(),
          }
        : null,
    today,
  }
}

/** The contract as its agent (either side) acts on it; anyone else gets the offer's 404. */
async function contractFor(db: Db, actor: User, offerId: string) {
  return partyOfOffer(db, actor, offerId)
}

/** GET /api/offers/:id/earnest-money: to the contract's agents, and read-only to the principal broker whose trust log holds it. */
export async function earnestMoneyOf(db: Db, { actor, offerId, now = new Date() }: { actor: User; offerId: string; now?: Date }): Promise<EarnestMoneyView> {
  let offer: OfferRow
  let canAct = true
  try {
    offer = (await contractFor(db, actor, offerId)).offer
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 404 || !leadsBrokerage(actor)) throw error
    const id = offerId.toLowerCase()
    const found = /^[0-9a-f-]{36}$/.test(id) && (await isBrokerageRecord(db, { brokerId: actor.uid, offerId: id })) ? await offerById(db, id) : null
    if (!found) throw error
    offer = found
    canAct = false
  }
  const { today } = await placeOf(db, offer, now)
  const [record, links] = await Promise.all([findEarnestMoney(db, offer.id), canAct ? listHolderLinks(db, offer.id) : Promise.resolve([])])
  return viewOf(offer, record, links, { today, canAct, now })
}

/** POST /api/offers/:id/earnest-money/holder-link: emails the holder a link to attest receipt; a newer link replaces the open one. */
export async function sendHolderLink(db: Db, ctx: EarnestMoneyContext, { actor, offerId, input, now = new Date() }: { actor: User; offerId: string; input: HolderLinkInput; now?: Date }): Promise<EarnestMoneyView> {
  const { offer, side } = await contractFor(db, actor, offerId)
  if (!isBound(offer)) throw new AppError('CONFLICT', 'earnestMoney.notBound')
  const { holder, amountDue } = holderOf(offer)
  if (holder.kind === null && holder.name === '') throw new AppError('CONFLICT', 'earnestMoney.noHolder')
  const { listing, today } = await placeOf(db, offer, now)
  const email = input.email.trim().toLowerCase()
  await db.transaction(async (tx) => {
    if (await lockEarnestMoney(tx, offer.id)) throw new AppError('CONFLICT', 'earnestMoney.alreadyReceived')
    if ((await countHolderLinks(tx, offer.id)) >= EARNEST_MONEY_LIMITS.maxLinks) throw new AppError('CONFLICT', 'earnestMoney.tooManyLinks')
    await replaceOpenLinks(tx, offer.id, now)
    const token = newToken()
    const link = await insertHolderLink(tx, { offerId: offer.id, email, tokenHash: hashHolderToken(token), sentBy: actor.uid, sentByName: actor.name, createdAt: now, expiresAt: new Date(now.getTime() + HOLDER_LINK_DAYS * DAY_MS) })
    await enqueueEmail(tx, 'earnest-money-holder-link', { agentName: actor.name, address: listing.unparsedAddress || listing.id, amount: amountDue, holderName: holder.name, token }, { to: email, locale: input.language, publicUrl: ctx.publicUrl })
    const status = offer.status as OfferStatus
    await recordEvent(tx, offer, { type: 'earnest-money-link-sent', actor, from: status, to: status, at: now, details: { linkId: link.id, email, side, expiresAt: link.expiresAt.toISOString() } })
  })
  const [record, links] = await Promise.all([findEarnestMoney(db, offer.id), listHolderLinks(db, offer.id)])
  return viewOf(offer, record, links, { today, canAct: true, now })
}

/** The link a token opens, and its contract: 404 for no link (or one replaced), 409 once used or expired, or when the contract is no longer bound. */
async function openLink(db: Db, token: string, now: Date): Promise<{ link: HolderLinkRow; offer: OfferRow }> {
  if (!token || token.length > EARNEST_MONEY_LIMITS.maxToken) throw linkNotValid()
  const link = await findHolderLinkByHash(db, hashHolderToken(token))
  if (!link || link.replacedAt) throw linkNotValid()
  if (link.usedAt) throw new AppError('CONFLICT', 'earnestMoney.linkUsed')
  if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', 'earnestMoney.linkExpired')
  const offer = await offerById(db, link.offerId)
  if (!offer) throw linkNotValid()
  if (!isBound(offer)) throw new AppError('CONFLICT', 'earnestMoney.notBound')
  return { link, offer }
}

/** POST /api/earnest-money/holder/open: what the holder's page shows. */
export async function openHolderPage(db: Db, { token, now = new Date() }: { token: string; now?: Date }): Promise<HolderPage> {
  const { link, offer } = await openLink(db, token, now)
  const { listing, today, bindingDate } = await placeOf(db, offer, now)
  const owner = await getUser(db, listing.ownerId)
  const { holder, amountDue } = holderOf(offer)
  return {
    address: listing.unparsedAddress || listing.id,
    buyers: buyersOf(offer),
    sellers: owner ? [owner.name] : [],
    amountDue,
    holder,
    bindingAgreementDate: bindingDate ?? today,
    today,
    expiresAt: link.expiresAt.toISOString(),
  }
}

/**
 * POST /api/earnest-money/holder/attest: the holder attests receipt. The receipt is drawn and stored
 * first; then, in one transaction, the link is used (once), the trust log's row written, the receipt
 * filed in both sides' files, the ledger entry added and both sides' agents told.
 */
export async function attestReceipt(
  db: Db,
  ctx: EarnestMoneyContext,
  { token, attestation, now = new Date() }: { token: string; attestation: HolderAttestation; now?: Date },
): Promise<{ amount: number; receivedOn: string }> {
  const { link, offer } = await openLink(db, token, now)
  const { listing, zone, today, bindingDate } = await placeOf(db, offer, now)
  if (attestation.receivedOn > today) throw fieldError('attestation.receivedOn', 'earnestMoney.dateFuture')
  if (bindingDate && attestation.receivedOn < bindingDate) throw fieldError('attestation.receivedOn', 'earnestMoney.dateBeforeBinding')
  const { holder, amountDue } = holderOf(offer)
  const owner = await getUser(db, listing.ownerId)
  const address = listing.unparsedAddress || listing.id
  const buyers = buyersOf(offer)
  const methodOther = attestation.method === 'other' ? attestation.methodOther : ''
  const pdf = await renderReceiptPdf({
    offerId: offer.id,
    address,
    buyers,
    sellers: owner ? [owner.name] : [],
    bindingAgreementDate: bindingDate ?? today,
    holder,
    amountDue,
    amount: attestation.amount,
    receivedOn: attestation.receivedOn,
    method: attestation.method,
    methodOther,
    holderEmail: link.email,
    sentByName: link.sentByName,
    attestedAt: now,
    attested: formatZonedDateTime(now, zone, 'en-us'),
  })
  const bytes = Buffer.from(pdf)
  const key = `earnest-money/${offer.id}/receipt-${link.id}.pdf`
  await ctx.storage.put(key, bytes, { contentType: 'application/pdf', contentLength: bytes.length })
  try {
    await db.transaction(async (tx) => {
      if (!(await useHolderLink(tx, link.id, now))) throw new AppError('CONFLICT', 'earnestMoney.linkUsed')
      const inserted = await insertEarnestMoney(tx, {
        offerId: offer.id,
        depositor: buyers.join(', ') || 'Buyer',
        amountCents: cents(attestation.amount),
        receivedOn: attestation.receivedOn,
        method: attestation.method,
        methodOther,
        holderKind: holder.kind,
        holderName: holder.name,
        holderAddress: holder.address,
        holderEmail: link.email,
        linkId: link.id,
        receiptKey: key,
        receiptSha256: createHash('sha256').update(bytes).digest('hex'),
        receiptSize: bytes.length,
        attestedAt: now,
      })
      if (!inserted) throw new AppError('CONFLICT', 'earnestMoney.alreadyReceived')
      // The receipt is a document of both sides' files (decision 068), in this transaction: all or nothing.
      const filename = `Earnest-money-receipt-${attestation.receivedOn}.pdf`
      for (const side of FILE_SIDES) await addFileDocument(tx, ctx.storage, { offerId: offer.id, side, slotKey: 'earnestMoneyReceipt', kind: 'earnestMoneyReceipt', filename, bytes, source: 'trust', actor: null, now })
      const status = offer.status as OfferStatus
      await recordEvent(tx, offer, {
        type: 'earnest-money-received',
        actor: null,
        from: status,
        to: status,
        at: now,
        details: { linkId: link.id, holderEmail: link.email, amount: attestation.amount, receivedOn: attestation.receivedOn, method: attestation.method, receipt: key },
      })
      const notice = { row: offer, listing, event: 'earnest-money-received' as const, actorName: holder.name || link.email, date: attestation.receivedOn, price: attestation.amount }
      await notifyBuyerSide(tx, { publicUrl: ctx.publicUrl, at: now }, notice)
      await notifySellerSide(tx, { publicUrl: ctx.publicUrl, at: now }, notice)
    })
  } catch (error) {
    await ctx.storage.delete(key)
    throw error
  }
  return { amount: attestation.amount, receivedOn: attestation.receivedOn }
}

/** The record a request or a release changes, locked; 409 when there is no receipt yet or the release is recorded. */
async function lockedRecord(tx: Db, offerId: string): Promise<EarnestMoneyRow> {
  const record = await lockEarnestMoney(tx, offerId)
  if (!record) throw new AppError('CONFLICT', 'earnestMoney.noReceipt')
  if (record.releasedOn) throw new AppError('CONFLICT', 'earnestMoney.alreadyReleased')
  return record
}

/** POST /api/offers/:id/earnest-money/request: a written request to disburse, recorded; the 21-day clock starts on its date. */
export async function recordDisbursementRequest(db: Db, { actor, offerId, input, now = new Date() }: { actor: User; offerId: string; input: DisbursementRequestInput; now?: Date }): Promise<EarnestMoneyView> {
  const { offer, side } = await contractFor(db, actor, offerId)
  const { today } = await placeOf(db, offer, now)
  if (input.requestedOn > today) throw fieldError('requestedOn', 'earnestMoney.dateFuture')
  await db.transaction(async (tx) => {
    const record = await lockedRecord(tx, offer.id)
    if (record.requestedOn) throw new AppError('CONFLICT', 'earnestMoney.alreadyRequested')
    if (input.requestedOn < record.receivedOn) throw fieldError('requestedOn', 'earnestMoney.dateBeforeReceipt')
    await updateEarnestMoney(tx, offer.id, { requestedOn: input.requestedOn, requestedBy: input.requestedBy, requestPayee: input.payee, requestRecordedBy: actor.uid, requestRecordedByName: actor.name, requestRecordedAt: now })
    const status = offer.status as OfferStatus
    const clock = disbursementClock(input.requestedOn, today)
    await recordEvent(tx, offer, { type: 'disbursement-requested', actor, from: status, to: status, at: now, details: { requestedOn: input.requestedOn, requestedBy: input.requestedBy, payee: input.payee, dueOn: clock.dueOn, side } })
  })
  return earnestMoneyOf(db, { actor, offerId: offer.id, now })
}

/** POST /api/offers/:id/earnest-money/release: the release (mutual release, closing or interpleader) is recorded; the clock stops. */
export async function recordRelease(db: Db, { actor, offerId, input, now = new Date() }: { actor: User; offerId: string; input: ReleaseInput; now?: Date }): Promise<EarnestMoneyView> {
  const { offer, side } = await contractFor(db, actor, offerId)
  const { today } = await placeOf(db, offer, now)
  if (input.releasedOn > today) throw fieldError('releasedOn', 'earnestMoney.dateFuture')
  await db.transaction(async (tx) => {
    const record = await lockedRecord(tx, offer.id)
    if (input.releasedOn < record.receivedOn) throw fieldError('releasedOn', 'earnestMoney.dateBeforeReceipt')
    if (record.requestedOn && input.releasedOn < record.requestedOn) throw fieldError('releasedOn', 'earnestMoney.dateBeforeRequest')
    if (cents(input.amount) > record.amountCents) throw fieldError('amount', 'earnestMoney.releaseOverReceipt', { amount: formatUsd(dollars(record.amountCents), 'en-US') })
    await updateEarnestMoney(tx, offer.id, {
      releaseKind: input.kind,
      releasedOn: input.releasedOn,
      releasePayee: input.payee,
      releaseAmountCents: cents(input.amount),
      releaseRecordedBy: actor.uid,
      releaseRecordedByName: actor.name,
      releaseRecordedAt: now,
    })
    const status = offer.status as OfferStatus
    const clock = record.requestedOn ? disbursementClock(record.requestedOn, today, input.releasedOn) : null
    await recordEvent(tx, offer, { type: 'earnest-money-released', actor, from: status, to: status, at: now, details: { kind: input.kind, releasedOn: input.releasedOn, payee: input.payee, amount: input.amount, clock: clock?.state ?? null, side } })
  })
  return earnestMoneyOf(db, { actor, offerId: offer.id, now })
}

/** GET /api/offers/:id/earnest-money/receipt: the receipt's bytes, to whoever reads the contract's earnest money. */
export async function openReceipt(db: Db, storage: FileStorage, { actor, offerId }: { actor: User; offerId: string }) {
  await earnestMoneyOf(db, { actor, offerId })
  const record = await findEarnestMoney(db, offerId.toLowerCase())
  if (!record) throw new AppError('NOT_FOUND', 'earnestMoney.noReceipt')
  const file = await storage.get(record.receiptKey)
  if (!file) throw new AppError('NOT_FOUND', 'earnestMoney.noReceipt')
  return { file, filename: `Earnest-money-receipt-${record.receivedOn}.pdf` }
}
