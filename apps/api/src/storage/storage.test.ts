import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFileStorage } from './create-file-storage'
import type { FileStorage } from './storage'

type Backend = { storage: FileStorage; files: string; stop: () => Promise<void> }

async function startDisk(): Promise<Backend> {
  const files = await mkdtemp(join(tmpdir(), 'offerbook-disk-storage-'))
  return { storage: createFileStorage({ kind: 'disk', directory: join(files, 'files') }), files, stop: () => rm(files, { recursive: true, force: true }) }
}

async function startS3(): Promise<Backend> {
  const files = await mkdtemp(join(tmpdir(), 'offerbook-s3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: files, configureBuckets: [{ name: 'offerbook-test' }] })
  const { port } = await server.run()
  const storage = createFileStorage({
    kind: 's3',
    bucket: 'offerbook-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  })
  return {
    storage,
    files,
    stop: async () => {
      await server.close()
      await rm(files, { recursive: true, force: true })
    },
  }
}

/** Every file under a directory, to see that a refused call wrote nothing. */
async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.map((entry) => join(entry.parentPath, entry.name)).sort()
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

/** A stream that gives some bytes, then fails as a dropped upload would. */
function failingHalfWay(bytes: number): Readable {
  return Readable.from(
    (async function* () {
      yield randomBytes(bytes)
      throw new Error('upload connection reset')
    })(),
  )
}

const UNSAFE_KEYS = ['../x', '/etc/passwd', 'a/../../b', 'a\\b', 'a\u0000b', '', 'k'.repeat(600), 'ünïcode', 'a//b', 'a/', './a', 'a/.hidden']

describe.each([
  { name: 'disk', start: startDisk, showsAbortedUploads: false },
  // s3rver writes an upload in place as it arrives, so an aborted PUT leaves a partial object there;
  // S3 itself only stores a complete body. Against s3rver these tests check that the PUT is aborted.
  { name: 's3', start: startS3, showsAbortedUploads: true },
])('$name file storage', ({ start, showsAbortedUploads }) => {
  let backend: Backend
  let storage: FileStorage
  beforeAll(async () => {
    backend = await start()
    storage = backend.storage
  })
  afterAll(() => backend.stop())

  it('gives back the same bytes and content type that were put', async () => {
    const key = `users/${crypto.randomUUID()}/photo-${crypto.randomUUID()}.jpg`
    const bytes = randomBytes(1000)
    const stored = await storage.put(key, bytes, { contentType: 'image/jpeg' })
    expect(stored).toMatchObject({ key, size: 1000 })

    const file = await storage.get(key)
    expect(file).toMatchObject({ contentType: 'image/jpeg', size: 1000 })
    expect((await readAll(file!.body)).equals(bytes)).toBe(true)
    expect(await storage.exists(key)).toBe(true)
  })

  it('streams a 2 MB file in and out', async () => {
    const key = `offers/${crypto.randomUUID()}/contract.pdf`
    const bytes = randomBytes(2 * 1024 * 1024)
    const chunks = Array.from({ length: 32 }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536))
    const stored = await storage.put(key, Readable.from(chunks), { contentType: 'application/pdf' })
    expect(stored.size).toBe(bytes.length)

    const file = await storage.get(key)
    expect(file).toMatchObject({ contentType: 'application/pdf', size: bytes.length })
    expect((await readAll(file!.body)).equals(bytes)).toBe(true)
  })

  it('reads only the bytes of a range, its end cut to the file, and none past the end', async () => {
    const key = `offers/${crypto.randomUUID()}/packet.pdf`
    const bytes = randomBytes(300_000)
    await storage.put(key, bytes, { contentType: 'application/pdf' })

    const middle = await storage.get(key, { start: 65_536, end: 131_071 })
    expect(middle).toMatchObject({ contentType: 'application/pdf', size: 300_000, range: { start: 65_536, end: 131_071 } })
    expect((await readAll(middle!.body)).equals(bytes.subarray(65_536, 131_072))).toBe(true)

    const tail = await storage.get(key, { start: 262_144, end: 327_679 })
    expect(tail).toMatchObject({ size: 300_000, range: { start: 262_144, end: 299_999 } })
    expect((await readAll(tail!.body)).equals(bytes.subarray(262_144))).toBe(true)

    const past = await storage.get(key, { start: 300_000, end: 400_000 })
    expect(past).toMatchObject({ size: 300_000 })
    expect(past!.range).toBeUndefined()
    expect((await readAll(past!.body)).length).toBe(0)
    expect(await storage.get(`offers/${crypto.randomUUID()}/none.pdf`, { start: 0, end: 10 })).toBeNull()
  })

  it('answers null and false for a key with nothing under it', async () => {
    expect(await storage.get('users/nobody/photo.jpg')).toBeNull()
    expect(await storage.exists('users/nobody/photo.jpg')).toBe(false)
  })

  it('deletes a file, and deleting it again is fine', async () => {
    const key = `listings/${crypto.randomUUID()}/front.png`
    await storage.put(key, Buffer.from('png'), { contentType: 'image/png' })
    await storage.delete(key)
    expect(await storage.exists(key)).toBe(false)
    expect(await storage.get(key)).toBeNull()
    await expect(storage.delete(key)).resolves.toBeUndefined()
  })

  it('replaces what was under a key when it is put again', async () => {
    const key = `users/${crypto.randomUUID()}/photo.jpg`
    await storage.put(key, Buffer.from('first version, longer'), { contentType: 'image/jpeg' })
    await storage.put(key, Buffer.from('second'), { contentType: 'image/png' })
    const file = await storage.get(key)
    expect(file).toMatchObject({ contentType: 'image/png', size: 6 })
    expect((await readAll(file!.body)).toString()).toBe('second')
  })

  it('keeps nothing of an upload that fails half way, and keeps what was there before', async () => {
    const fresh = `offers/${crypto.randomUUID()}/signed.pdf`
    await expect(storage.put(fresh, failingHalfWay(300_000), { contentType: 'application/pdf' })).rejects.toThrow('upload connection reset')
    expect(await storage.exists(fresh)).toBe(false)

    const kept = `offers/${crypto.randomUUID()}/signed.pdf`
    await storage.put(kept, Buffer.from('the signed one'), { contentType: 'application/pdf' })
    await expect(storage.put(kept, failingHalfWay(300_000), { contentType: 'text/plain' })).rejects.toThrow('upload connection reset')
    const file = await storage.get(kept)
    expect(file?.contentType).toBe('application/pdf')
    expect((await readAll(file!.body)).toString()).toBe('the signed one')
  })

  it.each(UNSAFE_KEYS.map((key) => [JSON.stringify(key).slice(0, 40), key]))('refuses the unsafe key %s and touches nothing', async (_, key) => {
    const before = await listFiles(backend.files)
    const refused = { name: 'AppError', code: 'BAD_REQUEST', message: expect.stringMatching(/^Unsafe file key/) }
    await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject(refused)
    await expect(storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' })).rejects.toMatchObject(refused)
    await expect(storage.get(key)).rejects.toMatchObject(refused)
    await expect(storage.exists(key)).rejects.toMatchObject(refused)
    await expect(storage.delete(key)).rejects.toMatchObject(refused)
    expect(await listFiles(backend.files)).toEqual(before)
  })

  it('refuses a content type that is not type/subtype', async () => {
    const key = `users/${crypto.randomUUID()}/photo.jpg`
    await expect(storage.put(key, Buffer.from('x'), { contentType: 'image/jpeg\r\nX-Evil: 1' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(storage.put(key, Buffer.from('x'), { contentType: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    expect(await storage.exists(key)).toBe(false)
  })

  // Last: s3rver goes on writing an aborted upload after the client has given up, which would show
  // in the listing of the tests above.
  it('takes a stream with its length announced, and refuses one that is shorter', async () => {
    const key = `offers/${crypto.randomUUID()}/addendum.pdf`
    const bytes = randomBytes(100_000)
    await storage.put(key, Readable.from([bytes]), { contentType: 'application/pdf', contentLength: bytes.length })
    expect((await readAll((await storage.get(key))!.body)).equals(bytes)).toBe(true)

    const short = `offers/${crypto.randomUUID()}/short.pdf`
    await expect(storage.put(short, Readable.from([bytes]), { contentType: 'application/pdf', contentLength: bytes.length + 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
    if (!showsAbortedUploads) expect(await storage.exists(short)).toBe(false)
  })

  it('keeps nothing of an upload that fails half way with its length announced', async () => {
    const key = `offers/${crypto.randomUUID()}/signed.pdf`
    await expect(storage.put(key, failingHalfWay(300_000), { contentType: 'application/pdf', contentLength: 600_000 })).rejects.toThrow(
      'upload connection reset',
    )
    if (!showsAbortedUploads) expect(await storage.exists(key)).toBe(false)
  })
})

describe('disk file storage', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'offerbook-disk-only-'))
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('creates its directory on first write, closed to other users', async () => {
    const directory = join(root, 'first-use', 'files')
    const storage = createFileStorage({ kind: 'disk', directory })
    await expect(stat(directory)).rejects.toMatchObject({ code: 'ENOENT' })
    await storage.put('users/u1/photo.jpg', Buffer.from('x'), { contentType: 'image/jpeg' })
    for (const folder of [directory, join(directory, 'users'), join(directory, 'users/u1')]) {
      expect((await stat(folder)).mode & 0o027).toBe(0)
    }
  })

  it('leaves no temporary file behind when an upload fails half way', async () => {
    const directory = join(root, 'failed', 'files')
    const storage = createFileStorage({ kind: 'disk', directory })
    await storage.put('offers/o1/a.pdf', Buffer.from('a'), { contentType: 'application/pdf' })
    const before = await listFiles(directory)
    await expect(storage.put('offers/o1/b.pdf', failingHalfWay(300_000), { contentType: 'application/pdf' })).rejects.toThrow()
    await expect(storage.put('offers/o1/a.pdf', failingHalfWay(300_000), { contentType: 'application/pdf' })).rejects.toThrow()
    expect(await listFiles(directory)).toEqual(before)
  })

  it('refuses a key that is also the folder of other keys, or runs through a file', async () => {
    const storage = createFileStorage({ kind: 'disk', directory: join(root, 'clash', 'files') })
    await storage.put('offers/o1/a.pdf', Buffer.from('a'), { contentType: 'application/pdf' })
    await expect(storage.put('offers/o1', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({ code: 'CONFLICT' })
    await expect(storage.put('offers/o1/a.pdf/b', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({ code: 'CONFLICT' })
    expect(await storage.exists('offers/o1')).toBe(false)
    expect(await storage.get('offers/o1')).toBeNull()
    expect(await storage.get('offers/o1/a.pdf/b')).toBeNull()
    await storage.delete('offers/o1')
    expect(await storage.exists('offers/o1/a.pdf')).toBe(true)
  })
})
