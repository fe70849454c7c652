import type { Readable } from 'node:stream'

export type PutOptions = {
  contentType: string
  /** Bytes the body will have; a body of another length is refused. */
  contentLength?: number
}

export type StoredFile = { key: string; size: number; etag?: string }

/** Bytes `start` to `end` of a file, both included (as HTTP's Range: bytes=start-end counts them). */
export type ByteRange = { start: number; end: number }

/**
 * The caller must read `body` to the end or destroy it: it holds an open file or connection. `size`
 * is the whole file's; with a range asked for, `body` holds just `range` (its end cut to the file's).
 */
export type FileContent = { body: Readable; contentType: string; size: number; range?: ByteRange }

/**
 * Where uploaded files live: DATA_DIR/files or an S3-compatible bucket, chosen by configuration.
 * Every method refuses an unsafe key (see assertSafeKey) with a BAD_REQUEST AppError before touching
 * anything. Keys are what a files table will store. createFileStorage (create-file-storage.ts) picks
 * the back-end; this file holds only the types, which both back-ends import.
 */
export type FileStorage = {
  /** Writes the whole body under `key`, replacing what was there; readers never see half a file. */
  put: (key: string, body: Buffer | Readable, options: PutOptions) => Promise<StoredFile>
  /**
   * null when there is no file under `key`. With `range`, only those bytes are read (a PDF viewer's
   * pages of a 25 MB upload); a range that starts past the end reads none (`range` absent, empty body).
   */
  get: (key: string, range?: ByteRange) => Promise<FileContent | null>
  /** Nothing under `key` is fine. */
  delete: (key: string) => Promise<void>
  exists: (key: string) => Promise<boolean>
}
