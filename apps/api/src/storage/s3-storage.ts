import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { AppError } from '../app-error'
import type { StorageConfig } from '../config'
import { assertContentType, assertLength, assertSafeKey } from './storage-checks'
import type { ByteRange, FileContent, FileStorage, PutOptions, StoredFile } from './storage'

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>

const ignore = () => {}
const silent = { trace: ignore, debug: ignore, info: ignore, warn: ignore, error: ignore }

function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Unset: the SDK's default chain (environment, instance or task role, ~/.aws).
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // Newer SDKs add CRC checksums and aws-chunked uploads by default, which S3-compatible servers
    // (MinIO, R2, s3rver) do not all accept; with these every put is a plain PUT with a Content-Length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK logs nothing by default but falls back to console.warn when a streaming PUT fails,
    // an error put() throws to its caller anyway.
    logger: silent,
  })
}

function isNotFound(error: unknown): boolean {
  // A missing bucket is a configuration error and must not read as a missing file, except from
  // HeadObject, whose 404 has no body to tell them apart.
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')
}

/** Fails the stream when it carries more or fewer bytes than announced, so the PUT is aborted. */
function exactly(length: number): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      if (seen > length) done(new AppError('BAD_REQUEST', 'storage.sizeOver', { params: { announced: length } }))
      else done(null, chunk)
    },
    flush(done) {
      done(seen === length ? null : new AppError('BAD_REQUEST', 'storage.sizeMismatch', { params: { size: seen, announced: length } }))
    },
  })
}

export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = createS3Client(config)
  const Bucket = config.bucket

  async function putStream(key: string, body: Readable, contentType: string, contentLength: number): Promise<StoredFile> {
    const guarded = exactly(contentLength)
    // The SDK pipes the body into the request without watching it for errors; a body that fails
    // half way would leave the PUT waiting for the rest, so its failure aborts the request.
    const abort = new AbortController()
    let bodyError: unknown
    const flowing = pipeline(body, guarded).catch((error: unknown) => {
      bodyError = error
      abort.abort()
    })
    try {
      const command = new PutObjectCommand({ Bucket, Key: key, Body: guarded, ContentType: contentType, ContentLength: contentLength })
      const result = await client.send(command, { abortSignal: abort.signal })
      await flowing
      return { key, size: contentLength, etag: result.ETag?.replaceAll('"', '') }
    } catch (error) {
      const cause = bodyError ?? error
      guarded.destroy()
      throw cause
    }
  }

  return {
    async put(key: string, body: Buffer | Readable, { contentType, contentLength }: PutOptions): Promise<StoredFile> {
      assertSafeKey(key)
      assertContentType(contentType)
      if (Buffer.isBuffer(body)) {
        assertLength(body.length, contentLength)
        const result = await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }))
        return { key, size: body.length, etag: result.ETag?.replaceAll('"', '') }
      }
      if (contentLength !== undefined) return putStream(key, body, contentType, contentLength)
      // A plain PUT needs the length up front; spooling to a local file keeps big PDFs out of memory.
      const spool = await mkdtemp(join(tmpdir(), 'offerbook-upload-'))
      try {
        const file = join(spool, 'body')
        const out = createWriteStream(file, { mode: 0o600 })
        await pipeline(body, out)
        return await putStream(key, createReadStream(file), contentType, out.bytesWritten)
      } finally {
        await rm(spool, { recursive: true, force: true })
      }
    },

    async get(key: string, range?: ByteRange): Promise<FileContent | null> {
      assertSafeKey(key)
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
        if (!(result.Body instanceof Readable)) throw new Error('S3 GetObject gave no readable body')
        const contentType = result.ContentType ?? 'application/octet-stream'
        // A ranged answer (206) says the whole size after the slash: 'bytes 0-65535/2097152'.
        const ranged = range ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(result.ContentRange ?? '') : null
        if (ranged) return { body: result.Body, contentType, size: Number(ranged[3]), range: { start: Number(ranged[1]), end: Number(ranged[2]) } }
        return { body: result.Body, contentType, size: result.ContentLength ?? 0 }
      } catch (error) {
        if (isNotFound(error)) return null
        // A range that starts past the end (416): the file is there, with none of those bytes.
        if (range && error instanceof S3ServiceException && error.name === 'InvalidRange') {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
          return { body: Readable.from([]), contentType: head.ContentType ?? 'application/octet-stream', size: head.ContentLength ?? 0 }
        }
        throw error
      }
    },

    async delete(key: string): Promise<void> {
      assertSafeKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },

    async exists(key: string): Promise<boolean> {
      assertSafeKey(key)
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return true
      } catch (error) {
        if (isNotFound(error)) return false
        throw error
      }
    },
  }
}
