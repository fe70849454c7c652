import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { AppError } from '../app-error'
import { assertContentType, assertLength, assertSafeKey, rangeWithin } from './storage-checks'
import type { ByteRange, FileContent, FileStorage, PutOptions, StoredFile } from './storage'

const DIRECTORY_MODE = 0o750
const FILE_MODE = 0o640
const DEFAULT_CONTENT_TYPE = 'application/octet-stream'

type Sidecar = { contentType: string }

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}

/** Nothing under the key: no such file, a path through a file, or a folder of other keys. */
function isAbsent(error: unknown): boolean {
  return ['ENOENT', 'ENOTDIR', 'EISDIR'].includes(errorCode(error) ?? '')
}

/** Writes body to a new file at `path`, flushed to the disk before it is closed; returns its size. */
async function writeNewFile(path: string, body: Buffer | Readable): Promise<number> {
  // Without the flush (fsync) a crash after the rename could leave an empty or partial file under the key.
  if (Buffer.isBuffer(body)) {
    await writeFile(path, body, { flag: 'wx', mode: FILE_MODE, flush: true })
    return body.length
  }
  const out = createWriteStream(path, { flags: 'wx', mode: FILE_MODE, flush: true })
  try {
    await pipeline(body, out)
  } catch (error) {
    // The stream opens its file in the background: a body that fails at once can reject the pipeline
    // before the file exists. Closed first, the file is there for the caller's clean-up to remove.
    if (!out.closed) await once(out, 'close').catch(() => undefined)
    throw error
  }
  return out.bytesWritten
}

/**
 * Files under one directory, one file per key at the key's path. A write goes to a temporary file
 * beside its target and is renamed into place; the content type lives in a sidecar `.<name>.meta.json`
 * (docs/decisions/007-file-storage.md).
 */
export function createDiskStorage(directory: string): FileStorage {
  const root = resolve(directory)

  function pathOf(key: string): string {
    assertSafeKey(key)
    const path = resolve(root, key)
    // assertSafeKey already refuses every escape; this holds even if its rules change.
    if (!path.startsWith(root + sep)) throw new AppError('BAD_REQUEST', 'storage.keyOutside', { params: { key: JSON.stringify(key) } })
    return path
  }

  const sidecarOf = (path: string) => join(dirname(path), `.${basename(path)}.meta.json`)
  const temporaryOf = (path: string) => join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`)

  const clash = (key: string, cause?: unknown) =>
    new AppError('CONFLICT', 'storage.keyClash', { params: { key: JSON.stringify(key) }, cause })
  const isClash = (error: unknown) => ['ENOTDIR', 'EISDIR', 'EEXIST', 'ENOTEMPTY'].includes(errorCode(error) ?? '')

  async function readContentType(path: string): Promise<string> {
    try {
      const sidecar = JSON.parse(await readFile(sidecarOf(path), 'utf8')) as Partial<Sidecar>
      return typeof sidecar.contentType === 'string' ? sidecar.contentType : DEFAULT_CONTENT_TYPE
    } catch (error) {
      if (isAbsent(error)) return DEFAULT_CONTENT_TYPE
      throw error
    }
  }

  return {
    async put(key: string, body: Buffer | Readable, { contentType, contentLength }: PutOptions): Promise<StoredFile> {
      const path = pathOf(key)
      assertContentType(contentType)
      if (Buffer.isBuffer(body)) assertLength(body.length, contentLength)
      try {
        await mkdir(dirname(path), { recursive: true, mode: DIRECTORY_MODE })
      } catch (error) {
        throw isClash(error) ? clash(key, error) : error
      }
      if (await isFolder(path)) throw clash(key)
      const temporary = temporaryOf(path)
      const sidecarTemporary = temporaryOf(path)
      try {
        const size = await writeNewFile(temporary, body)
        assertLength(size, contentLength)
        await writeNewFile(sidecarTemporary, Buffer.from(JSON.stringify({ contentType } satisfies Sidecar)))
        // The data file's rename is the moment the file exists; the sidecar goes first so that a
        // new key is never readable without its content type.
        await rename(sidecarTemporary, sidecarOf(path))
        await rename(temporary, path)
        return { key, size }
      } catch (error) {
        await Promise.all([rm(temporary, { force: true }), rm(sidecarTemporary, { force: true })])
        throw isClash(error) ? clash(key, error) : error
      }
    },

    async get(key: string, range?: ByteRange): Promise<FileContent | null> {
      const path = pathOf(key)
      let handle: FileHandle
      try {
        handle = await open(path, 'r')
      } catch (error) {
        if (isAbsent(error)) return null
        throw error
      }
      try {
        // Size and bytes both come from the opened file, even if a put replaces the key meanwhile.
        const info = await handle.stat()
        if (!info.isFile()) {
          await handle.close()
          return null
        }
        const contentType = await readContentType(path)
        if (!range) return { body: handle.createReadStream(), contentType, size: info.size }
        const within = rangeWithin(range, info.size)
        if (!within) {
          await handle.close()
          return { body: Readable.from([]), contentType, size: info.size }
        }
        return { body: handle.createReadStream(within), contentType, size: info.size, range: within }
      } catch (error) {
        await handle.close()
        throw error
      }
    },

    async delete(key: string): Promise<void> {
      const path = pathOf(key)
      if (!(await isFile(path))) return
      try {
        await unlink(path)
      } catch (error) {
        if (!isAbsent(error)) throw error
      }
      await rm(sidecarOf(path), { force: true })
    },

    async exists(key: string): Promise<boolean> {
      return isFile(pathOf(key))
    },
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch (error) {
    if (isAbsent(error)) return false
    throw error
  }
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory()
  } catch (error) {
    if (isAbsent(error)) return false
    throw error
  }
}
