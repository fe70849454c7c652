import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BrokerageRuleInput, FileSide } from '@offerbook/domain/file-checklist'
import type { BrokerageRuleView, FileReview, ReviewQueueItem, ReviewQueuePage, ReviewQueueState } from '@offerbook/domain/transaction-file-view'
import { apiClient } from '../../../shared/api-client'
import { offerKeys, reviewKeys } from '../../../shared/query-keys'
import type { FileDocumentView } from '../../../shared/transaction-file'
import { fetchTransactionFile, filePath } from '../../../shared/transaction-file'

/** The broker's side of the brokerage's files (issue #35, decision 069): the queue, the decisions, closing, the rules. */

/** The queue's filters in the order the page shows them (the API's REVIEW_QUEUE_STATES). */
export const QUEUE_STATES = ['all', 'needsReview', 'returned', 'clean', 'closed'] as const satisfies readonly ReviewQueueState[]
export type QueueState = ReviewQueueState
export type { ReviewQueueItem }
export type ReviewQueue = ReviewQueuePage
export const REVIEW_PAGE_SIZE = 20

export function fetchReviewQueue(state: QueueState, page: number): Promise<ReviewQueue> {
  // A 403 (an agent who leads no team) is told on the page, not answered with a move home.
  return apiClient.get<ReviewQueue>('/review', { state, page, pageSize: REVIEW_PAGE_SIZE }, { redirectOnForbidden: false })
}

export function useReviewQueue(state: QueueState, page: number) {
  return useQuery({ queryKey: reviewKeys.queue(state, page), queryFn: () => fetchReviewQueue(state, page), placeholderData: keepPreviousData })
}

export function useReviewFile(offerId: string, side: FileSide) {
  return useQuery({ queryKey: offerKeys.file(offerId, side), queryFn: () => fetchTransactionFile(offerId, side) })
}

export type ReviewDecision = FileReview

export function useReviewDocument(offerId: string, side: FileSide) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ documentId, body }: { documentId: string; body: ReviewDecision }) =>
      apiClient.post<FileDocumentView>(`${filePath(offerId, side)}/documents/${encodeURIComponent(documentId)}/review`, body, { redirectOnForbidden: false }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: offerKeys.file(offerId, side) })
      void queryClient.invalidateQueries({ queryKey: reviewKeys.queueAll() })
    },
  })
}

export function useCloseFile(offerId: string, side: FileSide) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiClient.post<{ closedAt: string }>(`${filePath(offerId, side)}/close`, {}, { redirectOnForbidden: false }),
    // A refusal (file.notClean) refreshes the file too: its audit is the list of what stands in the way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: offerKeys.file(offerId, side) })
      void queryClient.invalidateQueries({ queryKey: reviewKeys.queueAll() })
    },
  })
}

const RULES_PATH = '/brokerage/file-rules'

export function useFileRules(enabled: boolean) {
  return useQuery({ queryKey: reviewKeys.rules(), queryFn: async () => (await apiClient.get<{ rules: BrokerageRuleView[] }>(RULES_PATH, undefined, { redirectOnForbidden: false })).rules, enabled })
}

/** A new or removed rule changes the checklists, so every file read and the queue are asked again. */
function useRulesChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all })
      void queryClient.invalidateQueries({ queryKey: offerKeys.files() })
    },
  })
}

export function useAddFileRule() {
  return useRulesChange((rule: BrokerageRuleInput) => apiClient.post<BrokerageRuleView>(RULES_PATH, rule, { redirectOnForbidden: false }))
}

export function useDeleteFileRule() {
  return useRulesChange((id: string) => apiClient.delete<void>(`${RULES_PATH}/${encodeURIComponent(id)}`, undefined, { redirectOnForbidden: false }))
}
