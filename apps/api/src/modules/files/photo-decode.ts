import type { Sharp } from 'sharp'
import { PHOTO_PIXEL_LIMITS } from '@offerbook/domain/photo-variants'
import { AppError } from '../../app-error'

/**
 * A photo opened for decoding within limits (issue #29): its width and height are read from its
 * header first (sharp's metadata decodes no pixels), and one larger than PHOTO_PIXEL_LIMITS is
 * refused before anything is decoded. Decoding then runs in libvips' threads, off the thread that
 * answers requests, with sharp's own pixel limit and a time limit as a second fence.
 */

export type PhotoRefusals = { type: 'listing.photoType' | 'profile.photoType'; pixels: 'listing.photoPixels' | 'profile.photoPixels' }

const MAX_PIXELS = PHOTO_PIXEL_LIMITS.maxMegapixels * 1_000_000
/** The most a photo's copies may take to make, far beyond what a photo within the limits needs. */
const DECODE_TIMEOUT_SECONDS = 30

export async function openPhoto(bytes: Buffer, refusals: PhotoRefusals): Promise<() => Sharp> {
  // Loaded at the first photo, not at start: libvips and its threads take some 25 MB (decision 035).
  const { default: sharp } = await import('sharp')
  let size: { width?: number | undefined; height?: number | undefined }
  try {
    // No pixel limit for reading the header: a photo over it gets our message, not sharp's.
    size = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', refusals.type)
  }
  const { width = 0, height = 0 } = size
  if (width <= 0 || height <= 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', refusals.type)
  if (width > PHOTO_PIXEL_LIMITS.maxSide || height > PHOTO_PIXEL_LIMITS.maxSide || width * height > MAX_PIXELS) {
    throw new AppError('BAD_REQUEST', refusals.pixels, { params: { megapixels: PHOTO_PIXEL_LIMITS.maxMegapixels, side: PHOTO_PIXEL_LIMITS.maxSide } })
  }
  return () => sharp(bytes, { limitInputPixels: MAX_PIXELS, sequentialRead: true }).timeout({ seconds: DECODE_TIMEOUT_SECONDS })
}
