import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FileDocumentKind, FileSide } from '@offerbook/domain/file-checklist'
import { apiClient } from '../../../shared/api-client'
import { offerKeys } from '../../../shared/query-keys'
import type { FileDocumentView } from '../../../shared/transaction-file'
import { fetchTransactionFile, filePath } from '../../../shared/transaction-file'

/** The agent's side of a contract's brokerage file (issue #35): reading it and filing documents into its slots. */

/** Asked for once the offer is a contract; a reader who keeps no file of it gets 404, and the section stays hidden. */
export function useOfferFile(offerId: string, side: FileSide, enabled: boolean) {
  return useQuery({ queryKey: offerKeys.file(offerId, side), queryFn: () => fetchTransactionFile(offerId, side), enabled, retry: false })
}

export type FileUpload = { slotKey: string; kind: FileDocumentKind; file: File }

export function useUploadFileDocument(offerId: string, side: FileSide) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ slotKey, kind, file }: FileUpload) => apiClient.post<FileDocumentView>(`${filePath(offerId, side)}/documents`, { slotKey, kind, file }, { formData: true, redirectOnForbidden: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerKeys.file(offerId, side) }),
  })
}
