import type { FileSide } from '@offerbook/domain/file-checklist'
import type { FileDocumentView, TransactionFileView } from '@offerbook/domain/transaction-file-view'
import { apiClient } from './api-client'
import { downloadApiFile } from './download-file'
import { getAccessToken } from './session'

/**
 * The brokerage's file of one side of a contract (issue #35), as GET /api/offers/:id/file/:side
 * answers it (decision 068). Shared by the agent's File section on the offer pages and the broker's
 * /review page, which each act on it in their own way.
 */

export type { FileDocumentView, TransactionFileView }
export type FileSlotView = TransactionFileView['slots'][number]
export type FileFindingView = TransactionFileView['audit']['findings'][number]

export const filePath = (offerId: string, side: FileSide) => `/offers/${encodeURIComponent(offerId)}/file/${side}`

/** The file; a reader the API does not show it to gets 404, which the caller decides how to show (never a move home). */
export function fetchTransactionFile(offerId: string, side: FileSide): Promise<TransactionFileView> {
  return apiClient.get<TransactionFileView>(filePath(offerId, side), undefined, { redirectOnForbidden: false })
}

/** The documents still in force: a returned one replaced by a newer upload is history, not the slot's document. */
export function currentDocuments(slot: FileSlotView): FileDocumentView[] {
  return slot.documents.filter((document) => document.supersededBy === null)
}

export type SlotState = 'empty' | 'pending' | 'returned' | 'approved'

/** A slot's state as its reader sees it: the worst of its current documents (returned, then waiting, then approved). */
export function slotState(slot: FileSlotView): SlotState {
  const documents = currentDocuments(slot)
  if (documents.length === 0) return 'empty'
  if (documents.some((document) => document.review === 'returned')) return 'returned'
  if (documents.some((document) => document.review === 'pending')) return 'pending'
  return 'approved'
}

/** A document's bytes, saved under its name. */
export function downloadFileDocument(offerId: string, side: FileSide, document: Pick<FileDocumentView, 'id' | 'filename'>): Promise<void> {
  const token = getAccessToken()
  return downloadApiFile(`${filePath(offerId, side)}/documents/${encodeURIComponent(document.id)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    fallbackName: document.filename,
    rules: { redirectOnForbidden: false },
  })
}
