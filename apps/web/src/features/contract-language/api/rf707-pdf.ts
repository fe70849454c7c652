import { ApiErrorSchema } from '@offerbook/domain/api-error'
import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import type { Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import { useMutation } from '@tanstack/react-query'
import { API_BASE, ApiClientError, NETWORK_ERROR_MESSAGE, UNKNOWN_ERROR_MESSAGE } from '../../../shared/api-client'
import { clearSession, getAccessToken } from '../../../shared/session'

/**
 * POST /api/contracts/rf707/pdf (body: rf707-pdf-request.ts) answers the addendum as PDF bytes, not
 * JSON, so this call reads the body as a blob instead of going through apiClient. Signed-in users only.
 */

export type Rf707PdfRequest = { formData: ClauseFormData; parties?: Rf707Parties }
export type Rf707Pdf = { blob: Blob; filename: string }

const FALLBACK_FILENAME = 'RF707.pdf'

async function errorOf(response: Response): Promise<ApiClientError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = null
  }
  const parsed = ApiErrorSchema.safeParse(body)
  if (parsed.success) {
    const { message, errors = [], code } = parsed.data
    return new ApiClientError(response.status, message || errors[0]?.message || UNKNOWN_ERROR_MESSAGE, code, errors)
  }
  return new ApiClientError(response.status, UNKNOWN_ERROR_MESSAGE)
}

/** The file name the server gave in Content-Disposition, or a plain one. */
export function filenameFrom(disposition: string | null): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null
  const name = match?.[1]?.trim()
  return name && /^[\w.-]+$/.test(name) ? name : FALLBACK_FILENAME
}

export async function fetchRf707Pdf(request: Rf707PdfRequest, signal?: AbortSignal): Promise<Rf707Pdf> {
  const headers = new Headers({ Accept: 'application/pdf, application/json', 'Content-Type': 'application/json' })
  const token = getAccessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  let response: Response
  try {
    response = await fetch(`${API_BASE}/contracts/rf707/pdf`, { method: 'POST', headers, body: JSON.stringify(request), signal })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiClientError(0, NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) {
    const error = await errorOf(response)
    // A stale session: the modal then explains that signing in is needed, without leaving the form.
    if (response.status === 401) clearSession()
    throw error
  }
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get('content-disposition')) }
}

/** Hands the bytes to the browser as a download. */
export function saveFile({ blob, filename }: Rf707Pdf): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the link; the address is let go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function useDownloadRf707Pdf() {
  return useMutation({
    mutationFn: (request: Rf707PdfRequest) => fetchRf707Pdf(request),
    onSuccess: saveFile,
  })
}
