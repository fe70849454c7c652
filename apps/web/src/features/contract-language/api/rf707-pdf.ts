import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import type { Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import { useMutation } from '@tanstack/react-query'
import type { DownloadedFile } from '../../../shared/api-client'
import { apiClient } from '../../../shared/api-client'
import { saveBlob } from '../../../shared/download-file'

/** POST /api/contracts/rf707/pdf (body: rf707-pdf-request.ts) answers the addendum as a PDF. Signed-in users only. */

export type Rf707PdfRequest = { formData: ClauseFormData; parties?: Rf707Parties }
export type Rf707Pdf = DownloadedFile

const FALLBACK_FILENAME = 'RF707.pdf'

export function fetchRf707Pdf(request: Rf707PdfRequest, signal?: AbortSignal): Promise<Rf707Pdf> {
  // A stale session is cleared without leaving the page: the modal then explains that signing in is needed.
  return apiClient.download('/contracts/rf707/pdf', request, FALLBACK_FILENAME, { redirectOnUnauthorized: false, signal })
}

/** Hands the bytes to the browser as a download. */
export function saveFile({ blob, filename }: Rf707Pdf): void {
  saveBlob(blob, filename)
}

export function useDownloadRf707Pdf() {
  return useMutation({
    mutationFn: (request: Rf707PdfRequest) => fetchRf707Pdf(request),
    onSuccess: saveFile,
  })
}
