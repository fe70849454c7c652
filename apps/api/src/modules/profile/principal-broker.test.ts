import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { User } from '@offerbook/domain/user'
import { bearer, signIn } from '../../../test/factories'
import { outboxMessage } from '../../db/schema/outbox'
import { user as userTable } from '../../db/schema/users'
import type { Signed } from './profile.test-helpers'
import { profileTestApp } from './profile.test-helpers'

const profile = profileTestApp()
const { signedInUser, me } = profile

describe('POST /api/me/principal-broker-request', () => {
  const request = (who: Signed) => profile.t.app.inject({ method: 'POST', url: '/api/me/principal-broker-request', headers: who.headers })
  const mailsAbout = (email: string) =>
    profile.t.db
      .select()
      .from(outboxMessage)
      .where(and(eq(outboxMessage.kind, 'profile.principal-broker-request'), sql`${outboxMessage.textBody} like ${`%${email}%`}`))

  it('marks the request pending and mails every admin and super-admin in their language', async () => {
    await profile.t.db.update(userTable).set({ language: 'es-es' }).where(eq(userTable.email, 'super-admin@example.com'))
    const who = await signedInUser({ roles: ['SELLER_AGENT'], name: 'Paula Principal' })
    const response = await request(who)
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ principalBrokerStatus: 'pending', isPrincipalBroker: false })

    const mails = await mailsAbout(who.email)
    expect(mails.map((mail) => [mail.recipient, mail.locale, mail.status]).sort()).toEqual([
      ['admin@example.com', 'en-us', 'pending'],
      ['super-admin@example.com', 'es-es', 'pending'],
    ])
    expect(mails.find((mail) => mail.locale === 'en-us')?.subject).toBe('Principal broker access request from Paula Principal')
  })

  it('answers 409 to a second request', async () => {
    const who = await signedInUser()
    expect((await request(who)).statusCode).toBe(200)
    const again = await request(who)
    expect(again.statusCode).toBe(409)
    expect(again.json<ApiError>()).toEqual({ statusCode: 409, code: 'CONFLICT', key: 'profile.principalBrokerPending', message: 'Your principal broker request is already pending' })
    expect(await mailsAbout(who.email)).toHaveLength(2)
  })

  it('answers 409 to a principal broker', async () => {
    const { accessToken } = await signIn(profile.t.app, 'principal-broker@example.com', DEMO_PASSWORD)
    const response = await profile.t.app.inject({ method: 'POST', url: '/api/me/principal-broker-request', headers: bearer(accessToken) })
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>()).toMatchObject({ key: 'profile.alreadyPrincipalBroker', message: 'You are already a principal broker' })
  })

  it('commits the status and the emails together: a failure after the first email leaves neither', async () => {
    // The second email's insert fails, after the status change and the first email were written.
    await profile.t.db.execute(sql`
      create function refuse_second_admin_mail() returns trigger language plpgsql as $$
      begin
        if new.recipient = 'super-admin@example.com' then raise exception 'outbox refused'; end if;
        return new;
      end $$`)
    await profile.t.db.execute(sql`create trigger refuse_second_admin_mail before insert on outbox_message for each row execute function refuse_second_admin_mail()`)
    const who = await signedInUser()
    try {
      const response = await request(who)
      expect(response.statusCode).toBe(500)
    } finally {
      await profile.t.db.execute(sql`drop trigger refuse_second_admin_mail on outbox_message`)
      await profile.t.db.execute(sql`drop function refuse_second_admin_mail()`)
    }
    expect(await me(who.headers)).toMatchObject({ principalBrokerStatus: 'none' })
    expect(await mailsAbout(who.email)).toEqual([])

    expect((await request(who)).statusCode).toBe(200)
    expect(await mailsAbout(who.email)).toHaveLength(2)
  })

  it('answers 401 without a session', async () => {
    expect((await profile.t.app.inject({ method: 'POST', url: '/api/me/principal-broker-request' })).statusCode).toBe(401)
  })
})
