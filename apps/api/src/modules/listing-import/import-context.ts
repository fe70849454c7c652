import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import type { MlsGridClient } from './mls-grid-client'

export type ImportLog = { error: (object: object, message: string) => void; warn: (object: object, message: string) => void }

export type ImportContext = {
  db: Db
  storage: FileStorage
  /** The MLS Grid feed; null when MLS_GRID_URL / MLS_GRID_TOKEN are not set. */
  feed: { client: MlsGridClient; originatingSystem: string | null } | null
  log: ImportLog
  /** Photos named by an uploaded file are only fetched from public addresses; tests against a local server lift it. */
  filePhotosFromPrivateHosts?: boolean
  /** Records whose photos are downloaded ahead of the one being written. */
  lookahead?: number
}
