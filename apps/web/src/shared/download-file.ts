import type { RequestOptions } from './api-client'
import { API_BASE, apiFetch, filenameFrom } from './api-client'

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

export type FileRequest = {
  headers?: Record<string, string>
  fallbackName: string
  /** The 401/403 rule of spec section 8 applies; a link's or signer's token opts out of the move, as their JSON calls do. */
  rules?: Pick<RequestOptions, 'redirectOnUnauthorized' | 'redirectOnForbidden'>
}

/**
 * GETs a file of the API with the given headers (the session's bearer token, or a link's token: a
 * plain link would carry neither): its bytes and the name the server gave, or `fallbackName`. A
 * refusal follows the 401/403 rule and throws the API's error, as every other call does.
 */
export async function fetchApiFile(path: string, { headers = {}, fallbackName, rules = {} }: FileRequest): Promise<{ blob: Blob; filename: string }> {
  const response = await apiFetch(`${API_BASE}${path}`, { headers: { Accept: '*/*', ...headers } }, rules)
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get('content-disposition'), fallbackName) }
}

/** fetchApiFile, saved under its name as a download. */
export async function downloadApiFile(path: string, request: FileRequest): Promise<void> {
  const { blob, filename } = await fetchApiFile(path, request)
  saveBlob(blob, filename)
}
