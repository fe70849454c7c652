import type { PhotoVariantWidth } from '@offerbook/domain/photo-variants'
import { PHOTO_VARIANT_WIDTHS, photoVariantHeight } from '@offerbook/domain/photo-variants'
import type { FileStorage } from '../../storage/storage'
import { openPhoto } from './photo-decode'

/** Where the copy of a stored photo at one width lives: beside the original, under the same key. */
export function photoVariantKey(key: string, width: PhotoVariantWidth): string {
  return `${key}.w${width}.webp`
}

/** The keys of every copy of a stored photo, for removing them with it. */
export function photoVariantKeys(key: string): string[] {
  return PHOTO_VARIANT_WIDTHS.map((width) => photoVariantKey(key, width))
}

/**
 * Makes the WebP copies of a photo (turned upright by its EXIF orientation, cropped to 4:3 around
 * the centre) and puts them beside the original. The original stays as it was uploaded. A photo
 * over the pixel limits is refused before it is decoded (photo-decode.ts).
 */
export async function storePhotoVariants(storage: Pick<FileStorage, 'put'>, key: string, bytes: Buffer): Promise<void> {
  const photo = await openPhoto(bytes, { type: 'listing.photoType', pixels: 'listing.photoPixels' })
  for (const width of PHOTO_VARIANT_WIDTHS) {
    const webp = await photo().rotate().resize(width, photoVariantHeight(width), { fit: 'cover' }).webp({ quality: 72 }).toBuffer()
    await storage.put(photoVariantKey(key, width), webp, { contentType: 'image/webp', contentLength: webp.length })
  }
}
