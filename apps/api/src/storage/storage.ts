import type { Readable } from 'node:stream'

export type PutOptions = {
  contentType: string
  /** Bytes the body will have; a body of another length is refused. */
  contentLength?: number
}

export type StoredFile = { key: string; size: number; etag?: string }

/** The caller must read `body` to the end or destroy it: it holds an open file or connection. */
export type FileContent = { body: Readable; contentType: string; size: number }

/**
 * Where uploaded files live: DATA_DIR/files or an S3-compatible bucket, chosen by configuration.
 * Every method refuses an unsafe key (see assertSafeKey) with a BAD_REQUEST AppError before touching
 * anything. Keys are what a files table will store. createFileStorage (create-file-storage.ts) picks
 * the back-end; this file holds only the types, which both back-ends import.
 */
export type FileStorage = {
  /** Writes the whole body under `key`, replacing what was there; readers never see half a file. */
  put: (key: string, body: Buffer | Readable, options: PutOptions) => Promise<StoredFile>
  /** null when there is no file under `key`. */
  get: (key: string) => Promise<FileContent | null>
  /** Nothing under `key` is fine. */
  delete: (key: string) => Promise<void>
  exists: (key: string) => Promise<boolean>
}
