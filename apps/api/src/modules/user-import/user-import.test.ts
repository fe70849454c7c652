import { and, eq, inArray, like } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { UserImportJob, UserImportPreview } from '@offerbook/domain/user-import'
import { messageText } from '@offerbook/domain/messages'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { bearer, createUser, signIn } from '../../../test/factories'
import { adminAudit } from '../../db/schema/admin'
import { outboxMessage } from '../../db/schema/outbox'
import { user, userRole } from '../../db/schema/users'
import { multipart } from '../files/files.test-helpers'
import { parseCsv } from './csv'

type Who = { id: string; headers: { authorization: string } }

describe('the CSV user import', () => {
  let t: TestApp
  let superAdmin: Who
  let admin: Who
  let broker: { email: string }

  beforeAll(async () => {
    t = await buildTestApp()
    const created = await createUser(t, { roles: ['SUPER_ADMIN'] })
    superAdmin = { id: created.id, headers: bearer((await signIn(t.app, created.email, created.password)).accessToken) }
    const plainAdmin = await createUser(t, { roles: ['ADMIN'] })
    admin = { id: plainAdmin.id, headers: bearer((await signIn(t.app, plainAdmin.email, plainAdmin.password)).accessToken) }
    broker = await createUser(t, { roles: ['PRINCIPAL_BROKER'], email: 'broker.known@example.com' })
  }, 60_000)
  afterAll(async () => t.close())

  function call(options: InjectOptions, who: Who | null = superAdmin): Promise<LightMyRequestResponse> {
    return t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(who?.headers ?? {}) } })
  }

  async function upload(body: string | Buffer, who: Who = superAdmin, filename = 'users.csv'): Promise<LightMyRequestResponse> {
    const { payload, headers } = await multipart([{ name: 'file', value: Buffer.isBuffer(body) ? body : Buffer.from(body), filename, type: 'text/csv' }])
    return call({ method: 'POST', url: '/api/admin/user-imports', payload, headers }, who)
  }

  async function preview(body: string): Promise<UserImportPreview> {
    const response = await upload(body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json<UserImportPreview>()
  }

  async function finished(id: string): Promise<UserImportJob> {
    for (let tries = 0; tries < 1200; tries++) {
      const job = (await call({ method: 'GET', url: `/api/admin/user-imports/${id}` })).json<UserImportJob>()
      if (job.status === 'done' || job.status === 'failed') return job
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('the import did not finish')
  }

  async function run(body: string, onExisting: 'update' | 'skip'): Promise<{ preview: UserImportPreview; job: UserImportJob }> {
    const shown = await preview(body)
    const started = await call({ method: 'POST', url: `/api/admin/user-imports/${shown.id}/start`, payload: { onExisting } })
    expect(started.statusCode, started.body).toBe(202)
    expect(started.json()).toEqual({ id: shown.id, status: 'running' })
    return { preview: shown, job: await finished(shown.id) }
  }

  async function report(id: string): Promise<string[][]> {
    const response = await call({ method: 'GET', url: `/api/admin/user-imports/${id}/report` })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/csv/)
    expect(response.headers['content-disposition']).toMatch(/^attachment;/)
    return parseCsv(response.body).map((record) => record.cells)
  }

  it('previews 1,000 rows listing exactly the 20 bad ones by line and column, then creates the other 980 and invites them', async () => {
    const lines = ['Email,Name,Phone,Roles,Language,principalBrokerEmail']
    const expected: [number, string, string][] = []
    for (let n = 0; n < 1000; n++) {
      const line = n + 2
      let email = `bulk-${n}@example.com`
      let phone = `(615) 555-${String(1000 + n).padStart(4, '0')}`
      let roles = n % 2 ? 'SELLER_AGENT;BUYER_AGENT' : 'BUYER_SIMPLE'
      let language = n % 3 === 0 ? 'es-es' : 'en-us'
      let pb = n % 5 === 0 ? broker.email : ''
      const bad = n % 50 === 7 ? (n / 50) | 0 : -1
      if (bad % 5 === 0) {
        email = `not-an-email-${n}`
        expected.push([line, 'email', 'userImport.invalidEmail'])
      }
      if (bad % 5 === 1) {
        phone = '555'
        expected.push([line, 'phone', 'userImport.invalidPhone'])
      }
      if (bad % 5 === 2) {
        roles = 'SELLER_AGENT|WIZARD'
        expected.push([line, 'roles', 'userImport.unknownRole'])
      }
      if (bad % 5 === 3) {
        language = 'fr-fr'
        expected.push([line, 'language', 'userImport.invalidLanguage'])
      }
      if (bad % 5 === 4) {
        pb = 'nobody@example.com'
        expected.push([line, 'principal_broker_email', 'userImport.unknownPrincipalBroker'])
      }
      lines.push([email, `"Bulk, Person ${n}"`, phone, roles, language, pb].join(','))
    }
    expect(expected).toHaveLength(20)
    const { preview: shown, job } = await run(lines.join('\r\n'), 'skip')
    expect(shown).toMatchObject({ total: 1000, valid: 980, filename: 'users.csv' })
    expect(shown.rows).toHaveLength(50)
    expect(shown.rows[0]).toMatchObject({ line: 2, email: 'bulk-0@example.com', name: 'Bulk, Person 0', phone: '+16155551000', roles: ['BUYER_SIMPLE'], language: 'es-es', valid: true })
    expect(shown.problems.map((problem) => [problem.line, problem.column, problem.message.key])).toEqual(expected)
    expect(job).toMatchObject({ status: 'done', total: 1000, processed: 1000, created: 980, updated: 0, skipped: 0, failed: 0, invalid: 20, onExisting: 'skip' })
    expect(job.finishedAt).not.toBeNull()

    const imported = await t.db.select({ id: user.id, phone: user.phone, language: user.language }).from(user).where(like(user.email, 'bulk-%@example.com'))
    expect(imported).toHaveLength(980)
    const [first] = await t.db.select().from(user).where(eq(user.email, 'bulk-1@example.com'))
    expect(first).toMatchObject({ name: 'Bulk, Person 1', phone: '+16155551001', language: 'en-us', emailVerified: false })
    const roles = await t.db.select({ role: userRole.role }).from(userRole).where(eq(userRole.userId, first?.id ?? ''))
    expect(roles.map((row) => row.role).sort()).toEqual(['BUYER_AGENT', 'SELLER_AGENT'])

    const mails = await t.db.select().from(outboxMessage).where(and(eq(outboxMessage.kind, 'user-import.invitation'), like(outboxMessage.recipient, 'bulk-%')))
    expect(mails).toHaveLength(980)
    const spanish = mails.find((mail) => mail.recipient === 'bulk-0@example.com')
    expect(spanish).toMatchObject({ locale: 'es-es', subject: 'Tiene una cuenta en Offerbook' })
    expect(spanish?.textBody).toContain('/recovery?email=bulk-0%40example.com')
    expect(mails.find((mail) => mail.recipient === 'bulk-1@example.com')?.locale).toBe('en-us')

    const [audit] = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'userImport.run'))
    expect(audit).toMatchObject({ actorId: superAdmin.id, targetUserId: null, after: expect.objectContaining({ created: 980, failed: 0 }) })

    const lines2 = await report(shown.id)
    expect(lines2[0]).toEqual(['email', 'name', 'phone', 'roles', 'language', 'principal_broker_email', 'outcome', 'message'])
    expect(lines2).toHaveLength(1001)
    expect(lines2.filter((cells) => cells[6] === 'created')).toHaveLength(980)
    expect(lines2[8]).toEqual(['not-an-email-7', 'Bulk, Person 7', '(615) 555-1007', 'SELLER_AGENT;BUYER_AGENT', 'en-us', '', 'invalid', 'email: Not a valid email address'])
  }, 120_000)

  it('reports duplicate emails on both lines and a role combination', async () => {
    const shown = await preview('email,name,roles\ndup@example.com,A One,\nother@example.com,B Two,SELLER_SIMPLE;SELLER_AGENT\nDUP@example.com,C Three,\n')
    expect(shown.valid).toBe(0)
    expect(shown.problems).toEqual([
      { line: 2, column: 'email', message: { key: 'userImport.duplicateEmail', params: { lines: '4' } } },
      { line: 3, column: 'roles', message: { key: 'userImport.roleConflict', params: { first: 'SELLER_SIMPLE', second: 'SELLER_AGENT' } } },
      { line: 4, column: 'email', message: { key: 'userImport.duplicateEmail', params: { lines: '2' } } },
    ])
  })

  it('accepts a principal broker that is a PRINCIPAL_BROKER row of the same file', async () => {
    const shown = await preview('email,name,roles,principal_broker_email\nagent-x@example.com,Agent X,SELLER_AGENT,new-pb@example.com\nnew-pb@example.com,New Broker,PRINCIPAL_BROKER,\n')
    expect(shown.problems).toEqual([])
    expect(shown.valid).toBe(2)
  })

  it.each([
    ['not UTF-8', Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xff, 0xfe, 0x40]), 400, 'userImport.notUtf8', undefined],
    ['unknown columns', 'email,name,shoe_size,Favourite\nx@example.com,X Y,9,z\n', 400, 'userImport.unknownColumns', { columns: 'shoe_size, Favourite' }],
    ['no email column', 'name,phone\nX Y,\n', 400, 'userImport.noEmailColumn', undefined],
    ['a repeated column', 'email,EMAIL\nx@example.com,y@example.com\n', 400, 'userImport.duplicateColumn', { column: 'email' }],
    ['no rows', 'email,name\r\n', 400, 'userImport.empty', undefined],
    ['an unclosed quote', 'email,name\nx@example.com,"Never closed\n', 400, 'userImport.malformed', { line: 2 }],
    ['over 50,000 rows', `email\n${'a@example.com\n'.repeat(50_001)}`, 413, 'userImport.tooManyRows', { max: 50000 }],
    ['over 10 MB', `email,name\nx@example.com,${'x'.repeat(10 * 1024 * 1024)}\n`, 413, 'userImport.fileTooLarge', undefined],
  ])('refuses the whole file when it has %s, storing nothing', async (_, body, status, key, params) => {
    const before = (await t.db.$count(user)) + 0
    const response = await upload(body)
    expect(response.statusCode, response.body).toBe(status)
    const error = response.json<ApiError>()
    expect(error.key).toBe(key)
    if (params) expect(error.params).toEqual(params)
    expect(await t.db.$count(user)).toBe(before)
  })

  it('refuses an empty upload and a body that is not multipart', async () => {
    expect((await upload('')).json<ApiError>().key).toBe('userImport.fileMissing')
    const response = await call({ method: 'POST', url: '/api/admin/user-imports', payload: { file: 'x' } })
    expect(response.statusCode).toBe(415)
  })

  it('sets whether each user may add listings from the add_listing column, by role when empty, and refuses anything but yes or no', async () => {
    const existing = await createUser(t, { roles: ['SELLER_AGENT'], email: 'lister.kept@example.com', name: 'Lister Kept' })
    const bad = await preview('email,name,roles,add_listing\nodd.value@example.com,Odd Value,SELLER_AGENT,perhaps\n')
    expect(bad.problems).toEqual([{ line: 2, column: 'add_listing', message: { key: 'userImport.invalidAddListing' } }])

    const body = [
      'email,name,roles,add_listing',
      'agent.off@example.com,Agent Off,SELLER_AGENT,no',
      'agent.default@example.com,Agent Default,BUYER_AGENT,',
      'buyer.on@example.com,Buyer On,BUYER_SIMPLE,yes',
      'buyer.default@example.com,Buyer Default,BUYER_SIMPLE,',
      'lister.kept@example.com,Lister Kept,SELLER_AGENT,',
      '',
    ].join('\n')
    const { preview: shown, job } = await run(body, 'update')
    expect(shown.rows.map((row) => row.addListing)).toEqual([false, null, true, null, null])
    expect(job).toMatchObject({ created: 4, updated: 1, failed: 0 })
    const flags = await t.db
      .select({ email: user.email, enabled: user.isAddListingEnabled })
      .from(user)
      .where(inArray(user.email, ['agent.off@example.com', 'agent.default@example.com', 'buyer.on@example.com', 'buyer.default@example.com', 'lister.kept@example.com']))
    expect(Object.fromEntries(flags.map((row) => [row.email, row.enabled]))).toEqual({
      'agent.off@example.com': false,
      'agent.default@example.com': true,
      'buyer.on@example.com': true,
      'buyer.default@example.com': false,
      'lister.kept@example.com': true,
    })

    await run('email,name,add_listing\nlister.kept@example.com,Lister Kept,no\n', 'update')
    const [kept] = await t.db.select().from(user).where(eq(user.id, existing.id))
    expect(kept?.isAddListingEnabled).toBe(false)
  })

  it('updates existing emails when asked, and skips them otherwise', async () => {
    const existing = await createUser(t, { roles: ['BUYER_SIMPLE', 'ADMIN'], email: 'exists@example.com', name: 'Old Name' })
    const body = 'email,name,phone,roles,language\nEXISTS@example.com,New Name,+16155559999,BUYER_AGENT,es-es\nfresh@example.com,Fresh Person,,,\n'

    const skipped = await run(body, 'skip')
    expect(skipped.job).toMatchObject({ created: 1, updated: 0, skipped: 1 })
    const [kept] = await t.db.select().from(user).where(eq(user.id, existing.id))
    expect(kept).toMatchObject({ name: 'Old Name', phone: null, language: 'en-us' })
    expect((await report(skipped.preview.id)).map((cells) => cells.slice(-2))).toEqual([
      ['outcome', 'message'],
      ['skipped', 'An account with this email exists; it was left as it is'],
      ['created', ''],
    ])

    const updated = await run(body, 'update')
    expect(updated.job).toMatchObject({ created: 0, updated: 2, skipped: 0, failed: 0 })
    const [changed] = await t.db.select().from(user).where(eq(user.id, existing.id))
    expect(changed).toMatchObject({ name: 'New Name', phone: '+16155559999', language: 'es-es' })
    const roles = await t.db.select({ role: userRole.role }).from(userRole).where(eq(userRole.userId, existing.id))
    // An import never removes ADMIN.
    expect(roles.map((row) => row.role).sort()).toEqual(['ADMIN', 'BUYER_AGENT'])
    // fresh@example.com was created by the first run, so the second updates it too.
    const lines = await report(updated.preview.id)
    expect(lines.slice(1).map((cells) => cells.slice(-2))).toEqual([
      ['updated', ''],
      ['updated', ''],
    ])
    const updateAudit = await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'userImport.update'), eq(adminAudit.targetUserId, existing.id)))
    expect(updateAudit[0]).toMatchObject({ before: expect.objectContaining({ name: 'Old Name' }), after: expect.objectContaining({ name: 'New Name' }) })
  })

  it('fails a row whose phone another account has, writing nothing for it', async () => {
    const { job, preview: shown } = await run('email,name,phone\nphone-clash@example.com,Phone Clash,+16155559999\n', 'skip')
    expect(job).toMatchObject({ created: 0, failed: 1 })
    expect(await t.db.select().from(user).where(inArray(user.email, ['phone-clash@example.com']))).toEqual([])
    expect((await report(shown.id))[1]?.slice(-2)).toEqual(['failed', 'Another account already has this phone number'])
  })

  it('refuses a one-word name as sign-up does, on its line and column', async () => {
    const shown = await preview('email,name\nmono@example.com,Cher\nduo@example.com,Ana Pérez\nblank@example.com,\n')
    expect(shown).toMatchObject({ total: 3, valid: 1 })
    expect(shown.problems.map((problem) => [problem.line, problem.column, problem.message.key])).toEqual([
      [2, 'name', 'common.fullName'],
      [4, 'name', 'userImport.nameRequired'],
    ])
    expect(messageText('common.fullName')).toBe('Required First and Last Name')
  })

  it('answers 409 to a second start, 404 to an unknown job, and 403 to an ADMIN', async () => {
    const shown = await preview('email,name\nonce@example.com,Once Only\n')
    expect((await call({ method: 'POST', url: `/api/admin/user-imports/${shown.id}/start`, payload: { onExisting: 'skip' } })).statusCode).toBe(202)
    const again = await call({ method: 'POST', url: `/api/admin/user-imports/${shown.id}/start`, payload: { onExisting: 'update' } })
    expect(again.statusCode).toBe(409)
    expect(again.json<ApiError>().key).toBe('userImport.alreadyStarted')
    await finished(shown.id)

    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const url of [`/api/admin/user-imports/${unknown}`, `/api/admin/user-imports/${unknown}/report`]) {
      const response = await call({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.json<ApiError>().key).toBe('userImport.notFound')
    }
    expect((await call({ method: 'POST', url: `/api/admin/user-imports/${unknown}/start`, payload: { onExisting: 'skip' } })).statusCode).toBe(404)
    expect((await upload('email\nx@example.com\n', admin)).statusCode).toBe(403)
    expect((await call({ method: 'GET', url: `/api/admin/user-imports/${shown.id}` }, admin)).statusCode).toBe(403)
  })
})
