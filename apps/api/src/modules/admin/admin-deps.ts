import type { Auth } from '../session/session.auth'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'

/** What each admin-area route plugin is given (issue #15). */
export type AdminDeps = { db: Db; auth: Auth; config: Omit<Config, 'authSecret'> & { authSecret: string }; storage: FileStorage }
