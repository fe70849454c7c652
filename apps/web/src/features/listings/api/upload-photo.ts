import type { ManagedListing } from '@offerbook/domain/listing'
import { API_BASE, ApiClientError, apiClient, apiErrorOf, followStatusRules, NETWORK_ERROR, UNKNOWN_ERROR } from '../../../shared/api-client'
import { getAccessToken } from '../../../shared/session'

/**
 * A listing's photos. Uploads go one file a request through XMLHttpRequest rather than the api-client's
 * fetch, because only XMLHttpRequest reports upload progress (upload.onprogress) for the progress bars.
 */

function errorOf(status: number, text: string): ApiClientError {
  let body: unknown
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  return apiErrorOf(status, body)
}

export type UploadOptions = {
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

/** POST /api/listings/:id/photos with one file in the form field `photo`; answers the listing with the photo added. */
export function uploadListingPhoto(listingId: string, file: File, { onProgress, signal }: UploadOptions = {}): Promise<ManagedListing> {
  return new Promise<ManagedListing>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was canceled', 'AbortError'))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${API_BASE}/listings/${encodeURIComponent(listingId)}/photos`)
    xhr.setRequestHeader('Accept', 'application/json')
    const token = getAccessToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total))
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const { listing } = JSON.parse(xhr.responseText) as { listing: ManagedListing }
          onProgress?.(1)
          resolve(listing)
        } catch {
          reject(new ApiClientError(xhr.status, UNKNOWN_ERROR))
        }
        return
      }
      const error = errorOf(xhr.status, xhr.responseText)
      // The 401/403 rule of spec section 8, as for every call (api-client's one place).
      followStatusRules(xhr.status, {}, token !== null)
      reject(error)
    }
    xhr.onerror = () => reject(new ApiClientError(0, NETWORK_ERROR))
    xhr.onabort = () => reject(new DOMException('The upload was canceled', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })

    const form = new FormData()
    form.append('photo', file, file.name)
    xhr.send(form)
  })
}

/** PUT /api/listings/:id/photos/order: every photo id once; the first becomes the primary photo. */
export async function reorderListingPhotos(listingId: string, mediaIds: readonly string[]): Promise<ManagedListing> {
  const { listing } = await apiClient.put<{ listing: ManagedListing }>(`/listings/${encodeURIComponent(listingId)}/photos/order`, { mediaIds })
  return listing
}

export async function deleteListingPhoto(listingId: string, mediaId: string): Promise<ManagedListing> {
  const { listing } = await apiClient.delete<{ listing: ManagedListing }>(`/listings/${encodeURIComponent(listingId)}/photos/${encodeURIComponent(mediaId)}`)
  return listing
}
