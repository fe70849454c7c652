import { useCallback, useEffect, useRef, useState } from 'react'
import type { ManagedListing } from '@offerbook/domain/listing'
import type { Message } from '@offerbook/domain/messages'
import { ApiClientError, UNKNOWN_ERROR } from '../../../../shared/api-client'
import { uploadListingPhoto } from '../../api/upload-photo'
import { sortPickedPhotos } from './photo-rules'

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed' | 'refused'
/** One picked file on its way: refused or failed ones carry their message, translated when shown. */
export type Upload = { key: number; name: string; state: UploadState; progress: number; message?: Message }

export type PhotoUploads = {
  uploads: Upload[]
  /** How many files are waiting or being sent. */
  pending: number
  /** Queues picked files (`taken` photos are stored already); refused ones are listed with their reason. */
  take: (files: readonly File[], taken: number) => void
  /** Forgets the rows of finished, failed and refused files. */
  clearFinished: () => void
}

const failure = (error: unknown): Message => (error instanceof ApiClientError ? error.detail : UNKNOWN_ERROR)

/**
 * The upload queue of a listing's photos: files are sent one at a time, each with its progress,
 * and every saved photo hands the whole listing to `onListing`. Leaving the page aborts the queue.
 */
export function usePhotoUploads(listingId: string, onListing: (listing: ManagedListing) => void): PhotoUploads {
  const [uploads, setUploads] = useState<Upload[]>([])
  const nextKey = useRef(1)
  const queue = useRef<Promise<void>>(Promise.resolve())
  const aborter = useRef<AbortController | null>(null)
  const onListingRef = useRef(onListing)
  useEffect(() => {
    onListingRef.current = onListing
  })

  // Made in the effect, so that StrictMode's second mount gets a controller its first unmount did not abort.
  useEffect(() => {
    const controller = new AbortController()
    aborter.current = controller
    return () => controller.abort()
  }, [])

  const patchUpload = (key: number, change: Partial<Upload>) => setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)))

  const send = useCallback(
    (key: number, file: File) => {
      queue.current = queue.current.then(async () => {
        const signal = aborter.current?.signal
        if (!signal || signal.aborted) return
        patchUpload(key, { state: 'uploading', progress: 0 })
        try {
          const saved = await uploadListingPhoto(listingId, file, {
            signal,
            onProgress: (fraction) => patchUpload(key, { progress: Math.round(fraction * 100) }),
          })
          patchUpload(key, { state: 'done', progress: 100 })
          onListingRef.current(saved)
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError') return
          patchUpload(key, { state: 'failed', message: failure(error) })
        }
      })
    },
    [listingId],
  )

  const pending = uploads.filter((upload) => upload.state === 'queued' || upload.state === 'uploading').length

  const take = (files: readonly File[], taken: number) => {
    if (files.length === 0) return
    const { accepted, refused } = sortPickedPhotos(files, taken + pending)
    const added: Upload[] = refused.map(({ file, message }) => ({ key: nextKey.current++, name: file.name, state: 'refused', progress: 0, message }))
    const sending = accepted.map((file) => ({ file, upload: { key: nextKey.current++, name: file.name, state: 'queued' as const, progress: 0 } }))
    setUploads((list) => [...list.filter((upload) => upload.state !== 'refused'), ...added, ...sending.map(({ upload }) => upload)])
    for (const { file, upload } of sending) send(upload.key, file)
  }

  const clearFinished = () => setUploads((list) => list.filter((upload) => upload.state === 'queued' || upload.state === 'uploading'))

  return { uploads, pending, take, clearFinished }
}
