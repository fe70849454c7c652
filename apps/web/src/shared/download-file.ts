import { API_BASE, ApiClientError, apiErrorOf, filenameFrom, NETWORK_ERROR } from './api-client'

/** Hands bytes to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = href
  anchor.download = filename
  anchor.style.display = 'none'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // Revoked a moment later: some browsers start reading the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000)
}

export type FileRequest = { headers?: Record<string, string>; fallbackName: string }

/**
 * GETs a file of the API with the given headers (the session's bearer token, or a link's token: a
 * plain link would carry neither): its bytes and the name the server gave, or `fallbackName`. A
 * refusal throws the API's error, as every other call does.
 */
export async function fetchApiFile(path: string, { headers = {}, fallbackName }: FileRequest): Promise<{ blob: Blob; filename: string }> {
  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: { Accept: '*/*', ...headers } })
  } catch {
    throw new ApiClientError(0, NETWORK_ERROR)
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null)
    throw apiErrorOf(response.status, body)
  }
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get('content-disposition'), fallbackName) }
}

/** fetchApiFile, saved under its name as a download. */
export async function downloadApiFile(path: string, request: FileRequest): Promise<void> {
  const { blob, filename } = await fetchApiFile(path, request)
  saveBlob(blob, filename)
}
