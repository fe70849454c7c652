/**
 * A listing photo is kept as uploaded, and also as WebP copies at these widths, cropped to 4:3, made
 * when it is stored. GET /api/files/{id}?w=<width> answers the copy (or the original when a photo
 * has none yet), so the browser picks the smallest that fills the box (srcset and sizes).
 */
export const PHOTO_VARIANT_WIDTHS = [320, 640, 960, 1280] as const
export type PhotoVariantWidth = (typeof PHOTO_VARIANT_WIDTHS)[number]

/** The copies' shape: width by height. */
export const PHOTO_ASPECT = { width: 4, height: 3 } as const

export function photoVariantHeight(width: number): number {
  return Math.round((width * PHOTO_ASPECT.height) / PHOTO_ASPECT.width)
}

export function isPhotoVariantWidth(value: number): value is PhotoVariantWidth {
  return (PHOTO_VARIANT_WIDTHS as readonly number[]).includes(value)
}

/** The URL of one copy of a photo whose URL is `url` (/api/files/{id}). */
export function photoVariantUrl(url: string, width: PhotoVariantWidth): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`
}

/** The srcset of a photo: each copy with its width. */
export function photoSrcSet(url: string): string {
  return PHOTO_VARIANT_WIDTHS.map((width) => `${photoVariantUrl(url, width)} ${width}w`).join(', ')
}

/**
 * What a photo (a listing's or a profile's) may be, read from its header before it is decoded: a
 * photo larger than this would take seconds and hundreds of MB to decode for nothing the site shows.
 */
export const PHOTO_PIXEL_LIMITS = { maxMegapixels: 50, maxSide: 16_383 } as const
