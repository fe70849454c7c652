import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { createUser } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import type { FileStorage } from '../../storage/storage'
import { createFileStorage } from '../../storage/create-file-storage'
import { makeJpegLike, makePng } from './files.test-helpers'
import { sniffImageType } from './files.service'

let t: TestApp
let files: string
let storage: FileStorage

beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'offerbook-files-test-'))
  storage = createFileStorage({ kind: 'disk', directory: files })
  t = await buildTestApp({ config: { storage: { kind: 'disk', directory: files } } })
})
afterAll(async () => {
  await t.close()
  await rm(files, { recursive: true, force: true })
})

async function storeFile(purpose: string, bytes: Buffer, contentType: string): Promise<string> {
  const owner = await createUser(t)
  const id = randomUUID()
  const key = `users/${owner.id}/test-${id}.bin`
  await storage.put(key, bytes, { contentType })
  await t.db.insert(storedFile).values({ id, ownerId: owner.id, key, purpose, filename: 'x', contentType, size: bytes.length })
  return id
}

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(makePng(1, 1, [0, 0, 0]))).toEqual({ contentType: 'image/png', extension: 'png' })
    expect(sniffImageType(makeJpegLike())).toEqual({ contentType: 'image/jpeg', extension: 'jpg' })
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')])
    expect(sniffImageType(webp)).toEqual({ contentType: 'image/webp', extension: 'webp' })
  })

  it('refuses anything else, whatever it claims to be', () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from('hello'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('GIF89a'), Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.from([0x89, 0x50])])
      expect(sniffImageType(bytes)).toBeNull()
  })
})

describe('GET /api/files/:id', () => {
  it('serves a profile photo to anyone, with its type, length and long caching', async () => {
    const bytes = makePng(2, 2, [10, 20, 30])
    const id = await storeFile('profile-photo', bytes, 'image/png')
    const response = await t.app.inject({ method: 'GET', url: `/api/files/${id}` })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(bytes)).toBe(true)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.headers['content-length']).toBe(String(bytes.length))
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('answers 404 for files of other purposes, for now', async () => {
    const id = await storeFile('offer-document', Buffer.from('%PDF-1.7'), 'application/pdf')
    const response = await t.app.inject({ method: 'GET', url: `/api/files/${id}` })
    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>()).toEqual({ statusCode: 404, code: 'NOT_FOUND', key: 'files.notFound', message: 'File not found' })
  })

  it('answers 404 JSON for an unknown, malformed or odd id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1', '%00', '..%2F..%2Fetc%2Fpasswd', `{${randomUUID()}}`, 'x'.repeat(400)]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/files/${id}` })
      expect(response.statusCode, id).toBe(404)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.json<ApiError>().code).toBe('NOT_FOUND')
    }
  })

  it('answers 404 when the row is there but the bytes are gone', async () => {
    const id = await storeFile('profile-photo', makeJpegLike(), 'image/jpeg')
    const [row] = await t.db.select().from(storedFile).where(eq(storedFile.id, id))
    await storage.delete(row!.key)
    const response = await t.app.inject({ method: 'GET', url: `/api/files/${id}` })
    expect(response.statusCode).toBe(404)
  })
})
