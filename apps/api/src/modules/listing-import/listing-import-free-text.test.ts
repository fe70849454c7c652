import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import type { ImportPreview } from '@offerbook/domain/listing-import'
import { useTestApp } from '../../../test/per-file'
import { bearer, createUser, signIn } from '../../../test/factories'
import { multipart } from '../files/files.test-helpers'

/** A RESO file's records are kept as they came (jsonb): what cannot be stored is refused whole (decision 017). */

const t = useTestApp()
let headers: { authorization: string }

beforeAll(async () => {
  const agent = await createUser(t, { roles: ['BUYER_AGENT'] })
  headers = bearer((await signIn(t.app, agent.email, agent.password)).accessToken)
})

async function upload(text: string, filename = 'listings.json') {
  const form = await multipart([{ name: 'file', value: Buffer.from(text), filename, type: 'application/json' }])
  return t.app.inject({ method: 'POST', url: '/api/listing-import/jobs/from-file', payload: form.payload, headers: { ...form.headers, ...headers } })
}

const record = (extra: string) => `{"value":[{"ListingKey":"k1","StandardStatus":"Active","ModificationTimestamp":"2024-07-01T10:00:00Z",${extra}}]}`

describe('POST /api/listing-import/jobs/from-file', () => {
  it.each([
    ['a NUL in a value', record('"City":"Nash\\u0000ville"')],
    ['a lone surrogate in a value', record('"City":"Nash\\ud800ville"')],
    ['a NUL in a key', record('"Ci\\u0000ty":"Nashville"')],
  ])('refuses a file with %s (400 on the file), never 500', async (_case, text) => {
    const response = await upload(text)
    expect(response.statusCode, response.body).toBe(400)
    const unstorable = { key: 'common.unstorableText', message: 'This text contains characters that cannot be saved' }
    expect(ApiErrorSchema.parse(response.json())).toMatchObject({ code: 'BAD_REQUEST', ...unstorable, errors: [{ path: 'file', ...unstorable }] })
  })

  it('keeps the file name without its bidi controls', async () => {
    const response = await upload(record('"City":"Nashville 🏠"'), 'feed\u202Enosj.json')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<ImportPreview>().job.fileName).toBe('feednosj.json')
  })
})
