import { and, asc, eq } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { OfferView } from '@offerbook/domain/offer'
import type { TestApp } from '../../../test/build-test-app'
import type { CreatedUser } from '../../../test/factories'
import { bearer, signIn } from '../../../test/factories'
import { outboxMessage } from '../../db/schema/outbox'
import { notification, offer as offerTable, offerEvent } from '../../db/schema/offers'

/** Calls as a user (signed in once per test file and user) or anonymously. */
export function offersCaller(t: TestApp) {
  const tokens = new Map<string, string>()
  async function headersOf(user: CreatedUser | null): Promise<Record<string, string>> {
    if (!user) return {}
    let token = tokens.get(user.id)
    if (!token) {
      token = (await signIn(t.app, user.email, user.password)).accessToken
      tokens.set(user.id, token)
    }
    return bearer(token)
  }
  return async (who: CreatedUser | null, method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: await headersOf(who), ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) })
}

export function expectRefusal(response: LightMyRequestResponse, status: number, message?: string): ApiError {
  expect(response.statusCode, response.body).toBe(status)
  const body = response.json<ApiError>()
  if (message !== undefined) expect(body.message).toBe(message)
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
