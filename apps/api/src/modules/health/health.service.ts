import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { pingDatabase } from './health.queries'

export async function checkHealth(db: Db): Promise<{ status: 'ok'; database: 'ok' }> {
  try {
    await pingDatabase(db)
  } catch (cause) {
    throw new AppError('UNAVAILABLE', 'health.databaseDown', { cause })
  }
  return { status: 'ok', database: 'ok' }
}
