import { and, asc, eq } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import yauzl from 'yauzl'
import type { ApiError } from '@offerbook/domain/api-error'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import type { OfferView } from '@offerbook/domain/offer'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createTestListing, createUser, signIn } from '../../../test/factories'
import { outboxMessage } from '../../db/schema/outbox'
import { notification, offer as offerTable, offerEvent } from '../../db/schema/offers'

export type OffersCall = (who: CreatedUser | null, method: InjectOptions['method'], url: string, payload?: unknown) => Promise<LightMyRequestResponse>

/** A user's bearer header (each user signed in once per test file), or none for an anonymous caller. */
export function userHeaders(t: TestApp): (user: CreatedUser | null) => Promise<Record<string, string>> {
  const tokens = new Map<string, string>()
  return async (user) => {
    if (!user) return {}
    let token = tokens.get(user.id)
    if (!token) {
      token = (await signIn(t.app, user.email, user.password)).accessToken
      tokens.set(user.id, token)
    }
    return bearer(token)
  }
}

/** Calls as a user (signed in once per test file and user) or anonymously. */
export function offersCaller(t: TestApp): OffersCall {
  const headersOf = userHeaders(t)
  return async (who, method, url, payload) =>
    t.app.inject({ method, url, headers: await headersOf(who), ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) })
}

/**
 * The app of one test file, built before its tests and closed after them, and its caller. `t` is
 * read inside tests (it exists once beforeAll has run); `call` may be taken at once.
 */
export function offersTestApp(): { readonly t: TestApp; call: OffersCall } {
  let app: TestApp | undefined
  let caller: OffersCall | undefined
  beforeAll(async () => {
    app = await buildTestApp()
    caller = offersCaller(app)
  })
  afterAll(async () => {
    await app?.close()
  })
  const started = () => {
    if (!app || !caller) throw new Error('The offers test app is used before beforeAll built it')
    return { app, caller }
  }
  return {
    get t() {
      return started().app
    },
    call: (...args) => started().caller(...args),
  }
}

/** A refusal with its status and, when given, its catalogue key and English text (the spec's words). */
export function expectRefusal(response: LightMyRequestResponse, status: number, expected?: string | { key: MessageKey; message?: string; params?: MessageParams }): ApiError {
  expect(response.statusCode, response.body).toBe(status)
  const body = response.json<ApiError>()
  if (typeof expected === 'string') expect(body.message).toBe(expected)
  else if (expected) expect(body).toMatchObject(expected)
  return body
}

export function offerOf(response: LightMyRequestResponse, status = 200): OfferView {
  expect(response.statusCode, response.body).toBe(status)
  return response.json<{ offer: OfferView }>().offer
}

export async function emailsTo(t: TestApp, recipient: string) {
  return t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, recipient)).orderBy(asc(outboxMessage.createdAt))
}

export async function notificationsOf(t: TestApp, userId: string, offerId?: string) {
  return t.db
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), offerId ? eq(notification.offerId, offerId) : undefined))
    .orderBy(asc(notification.createdAt))
}

export async function eventsOf(t: TestApp, offerId: string) {
  return t.db.select().from(offerEvent).where(eq(offerEvent.offerId, offerId)).orderBy(asc(offerEvent.at), asc(offerEvent.id))
}

export async function statusOf(t: TestApp, offerId: string): Promise<string | undefined> {
  const [row] = await t.db.select({ status: offerTable.status }).from(offerTable).where(eq(offerTable.id, offerId))
  return row?.status
}

/** A well-formed id that no offer or listing has. */
export const MISSING_ID = '3f1c2a4e-9b7d-4c2e-8a1f-0d9e8c7b6a55'

/** A seller agent and their listing, on which they are the listing agent. */
export async function sellerWithListing(t: TestApp, columns: Parameters<typeof createTestListing>[1] extends infer C ? Omit<C & object, 'ownerId'> : never = {}) {
  const seller = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Lena Seller' })
  const listing = await createTestListing(t, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Seller', listAgentEmail: seller.email, ...columns })
  return { seller, listing }
}

/** A ZIP's entries by name, read with yauzl (a reader independent of the writer). */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'))
      const files = new Map<string, Buffer>()
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'))
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(files))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}
