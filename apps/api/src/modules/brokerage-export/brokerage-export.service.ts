import type { Readable } from 'node:stream'
import type { BrokerageExport, BrokerageExportStart } from '@offerbook/domain/brokerage-export'
import type { User } from '@offerbook/domain/user'
import { isUuid } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { leadsBrokerage } from '../teams/team-rules'
import { announceExportQueued } from './brokerage-export-job'
import type { BrokerageExportRow } from './brokerage-export.queries'
import { findBrokerExport, findOpenExport, insertExport, listBrokerExports } from './brokerage-export.queries'

/**
 * A principal broker's exports of the brokerage's files (issue #35 item 5, decision 071): he asks
 * for one, reads its progress, and downloads its ZIP once done. Only he reads his brokerage's exports:
 * anyone else's id answers 404, as an export that does not exist.
 */

const notFound = () => new AppError('NOT_FOUND', 'brokerageExport.notFound')

function brokerOnly(viewer: User): void {
  if (!leadsBrokerage(viewer)) throw new AppError('FORBIDDEN', 'brokerageExport.brokersOnly')
}

export function toExportView(row: BrokerageExportRow): BrokerageExport {
  return {
    id: row.id,
    state: row.state as BrokerageExport['state'],
    from: row.fromDate,
    to: row.toDate,
    filesDone: row.filesDone,
    filesTotal: row.filesTotal,
    size: row.state === 'done' ? row.size : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    downloadUrl: row.state === 'done' ? `/api/brokerage/exports/${row.id}/download` : null,
  }
}

function alreadyRunning(open: BrokerageExportRow): AppError {
  return new AppError('CONFLICT', 'brokerageExport.running', { params: { exportId: open.id, startedAt: (open.startedAt ?? open.createdAt).toISOString() } })
}

/** Queues an export of the broker's brokerage; 409 naming the one queued or running, if any. */
export async function startExport(db: Db, { viewer, period }: { viewer: User; period: BrokerageExportStart }): Promise<BrokerageExport> {
  brokerOnly(viewer)
  const open = await findOpenExport(db, viewer.uid)
  if (open) throw alreadyRunning(open)
  const row = await insertExport(db, { brokerId: viewer.uid, fromDate: period.from ?? null, toDate: period.to ?? null })
  if (!row) {
    // Another request queued one between the look and the insert.
    const other = await findOpenExport(db, viewer.uid)
    if (other) throw alreadyRunning(other)
    throw notFound()
  }
  announceExportQueued()
  return toExportView(row)
}

async function ownExport(db: Db, viewer: User, id: string): Promise<BrokerageExportRow> {
  brokerOnly(viewer)
  if (!isUuid(id)) throw notFound()
  const row = await findBrokerExport(db, { id: id.toLowerCase(), brokerId: viewer.uid })
  if (!row) throw notFound()
  return row
}

export async function getExport(db: Db, { viewer, id }: { viewer: User; id: string }): Promise<BrokerageExport> {
  return toExportView(await ownExport(db, viewer, id))
}

/** The broker's newest exports, the one under way first among them by its date. */
export async function listExports(db: Db, { viewer }: { viewer: User }): Promise<{ items: BrokerageExport[] }> {
  brokerOnly(viewer)
  return { items: (await listBrokerExports(db, { brokerId: viewer.uid, limit: 10 })).map(toExportView) }
}

/** The finished export's ZIP, streamed from the storage. */
export async function openExportDownload(db: Db, storage: FileStorage, { viewer, id }: { viewer: User; id: string }): Promise<{ filename: string; size: number; stream: Readable }> {
  const row = await ownExport(db, viewer, id)
  if (row.state !== 'done' || !row.fileKey) throw new AppError('CONFLICT', 'brokerageExport.notReady')
  const stored = await storage.get(row.fileKey)
  if (!stored) throw notFound()
  const period = row.fromDate || row.toDate ? `${row.fromDate ?? 'start'}-to-${row.toDate ?? row.createdAt.toISOString().slice(0, 10)}` : `all-${row.createdAt.toISOString().slice(0, 10)}`
  return { filename: `Brokerage-files-${period}.zip`, size: stored.size, stream: stored.body }
}
