import type { StorageConfig } from '../config'
import { createDiskStorage } from './disk-storage'
import { createS3Storage } from './s3-storage'
import type { FileStorage } from './storage'

export function createFileStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config.directory)
}
