import type { ResoExportField, ResoMediaRecord, ResoPropertyPage, ResoPropertyQuery } from '@offerbook/domain/integrations'
import { parseResoFilter, parseResoSelect } from '@offerbook/domain/integrations'
import type { User } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { AppError } from '../../app-error'
import { fileUrl } from '../files/files.service'
import { managedListingsCondition } from '../listings/listings.service'
import { identity, listingFieldsOf } from '../listings/listings-reso'
import { brokerageReadCondition } from '../teams/team-access'
import type { ResoListingRow } from './reso-export.queries'
import { readsCondition, resoListingRows, resoMediaRows } from './reso-export.queries'

/**
 * Listings in RESO shape (issue #37 item 4, decision 080): the listings the key's owner reads on
 * /listings (those they manage, and a broker's staff's brokerage listings), by Data Dictionary 2.0
 * names, with their photos as expanded Media, paged as an OData feed.
 */

function recordOf(row: ResoListingRow, media: readonly ResoMediaRecord[], fields: readonly ResoExportField[]): Record<string, unknown> {
  const { id: _id, ...keys } = identity(row)
  const all: Record<ResoExportField, unknown> = { ...keys, ...listingFieldsOf(row), OriginatingSystemName: row.originatingSystemName, Media: media }
  return Object.fromEntries(fields.map((field) => [field, all[field] ?? null]))
}

const absolute = (publicUrl: string, path: string) => `${publicUrl.replace(/\/$/, '')}${path}`

export async function readResoProperties(db: Db, { actor, query, publicUrl }: { actor: User; query: ResoPropertyQuery; publicUrl: string }): Promise<ResoPropertyPage> {
  const filter = parseResoFilter(query.$filter)
  if (!filter.ok) throw new AppError('BAD_REQUEST', 'reso.filterUnsupported', { params: { detail: filter.detail } })
  const select = parseResoSelect(query.$select)
  if (!select.ok) throw new AppError('BAD_REQUEST', 'reso.selectUnknown', { params: { fields: select.unknown.join(', ') } })

  const [managed, brokerage] = await Promise.all([managedListingsCondition(db, actor.uid), brokerageReadCondition(db, actor.uid)])
  const rows = await resoListingRows(db, { reads: readsCondition(managed, brokerage), conditions: filter.conditions, skip: query.$skip, take: query.$top + 1 })
  const page = rows.slice(0, query.$top)
  const wantsMedia = select.fields.includes('Media')
  const mediaRows = wantsMedia ? await resoMediaRows(db, page.map((row) => row.id)) : []
  const mediaOf = new Map<string, ResoMediaRecord[]>()
  const keyOf = new Map(page.map((row) => [row.id, row.listingKey]))
  for (const item of mediaRows) {
    const list = mediaOf.get(item.listingId) ?? []
    list.push({
      MediaKey: item.mediaKey,
      ResourceRecordKey: keyOf.get(item.listingId) ?? '',
      MediaURL: absolute(publicUrl, fileUrl(item.fileId)),
      Order: item.order,
      MediaCategory: 'Photo',
      ModificationTimestamp: item.createdAt.toISOString(),
    })
    mediaOf.set(item.listingId, list)
  }

  const result: ResoPropertyPage = {
    '@odata.context': absolute(publicUrl, '/api/reso/$metadata#Property'),
    value: page.map((row) => recordOf(row, mediaOf.get(row.id) ?? [], select.fields)),
  }
  if (rows.length > query.$top) {
    const next = new URLSearchParams()
    if (query.$filter) next.set('$filter', query.$filter)
    if (query.$select) next.set('$select', query.$select)
    next.set('$top', String(query.$top))
    next.set('$skip', String(query.$skip + query.$top))
    result['@odata.nextLink'] = absolute(publicUrl, `/api/reso/Property?${next.toString()}`)
  }
  return result
}
