import type { StorageConfig } from '../config'
import { createDiskStorage } from './disk-storage'
import type { FileStorage } from './storage'

type S3Config = Extract<StorageConfig, { kind: 's3' }>

/**
 * The S3 client is loaded at the first file it handles: a server on local disk never loads the AWS
 * SDK, some 24 MB of resident memory (decision 028).
 */
function lazyS3Storage(config: S3Config): FileStorage {
  let storage: Promise<FileStorage> | null = null
  const load = () => (storage ??= import('./s3-storage').then(({ createS3Storage }) => createS3Storage(config)))
  return {
    put: async (key, body, options) => (await load()).put(key, body, options),
    get: async (key, range) => (await load()).get(key, range),
    delete: async (key) => (await load()).delete(key),
    exists: async (key) => (await load()).exists(key),
  }
}

export function createFileStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? lazyS3Storage(config) : createDiskStorage(config.directory)
}
