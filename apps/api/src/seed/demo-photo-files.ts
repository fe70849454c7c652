import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PHOTO_VARIANT_WIDTHS } from '@offerbook/domain/photo-variants'
import { photoVariantKey, storePhotoVariants } from '../modules/files/photo-variants'
import type { FileStorage } from '../storage/storage'
import { DEMO_PHOTO_COUNT, demoPhotoKey, drawDemoHousePhoto } from './demo-photos'

/**
 * The files of one demo photo: the PNG drawn, and its WebP copies at every display width. Drawing and
 * encoding them took most of a new data directory's start (some 4.5 s for the demo photos, decision
 * 035), so `npm run build:server` makes them once beside the bundle (DEMO_PHOTOS_DIRECTORY) and the
 * seed copies them from there. Run from the sources (tests, `npm run dev`), they are drawn as before.
 */
export const DEMO_PHOTOS_DIRECTORY = 'demo-photos'

/** Where `npm run build:server` left the files, beside the bundle; null where there is no such folder. */
function prebuiltDirectory(): string | null {
  const directory = fileURLToPath(new URL(`./${DEMO_PHOTOS_DIRECTORY}/`, import.meta.url))
  return existsSync(directory) ? directory : null
}

const fileName = (key: string) => key.replaceAll('/', '_')

/** Puts demo photo number `index` under `key` with its copies: from the build's files when there, else drawn. */
export async function storeDemoPhoto(storage: Pick<FileStorage, 'put'>, key: string, index: number): Promise<Buffer> {
  const directory = prebuiltDirectory()
  const keys = [key, ...PHOTO_VARIANT_WIDTHS.map((width) => photoVariantKey(key, width))]
  if (directory && keys.every((each) => existsSync(join(directory, fileName(each))))) {
    for (const each of keys.slice(1)) {
      const webp = readFileSync(join(directory, fileName(each)))
      await storage.put(each, webp, { contentType: 'image/webp', contentLength: webp.length })
    }
    const png = readFileSync(join(directory, fileName(key)))
    await storage.put(key, png, { contentType: 'image/png', contentLength: png.length })
    return png
  }
  const png = await drawDemoHousePhoto(index)
  // Through the same copies an uploaded photo gets: WebP at each display width.
  await storePhotoVariants(storage, key, png)
  await storage.put(key, png, { contentType: 'image/png', contentLength: png.length })
  return png
}

/** Writes the files of every demo photo into `directory`: the build's step (scripts/build-server.mjs). */
export async function writeDemoPhotos(directory: string): Promise<void> {
  const photos = Array.from({ length: DEMO_PHOTO_COUNT }, (_, index) => ({ key: demoPhotoKey(index), index }))
  mkdirSync(directory, { recursive: true })
  const folder: Pick<FileStorage, 'put'> = {
    put: async (key, body) => {
      if (!Buffer.isBuffer(body)) throw new Error('the demo photos are buffers')
      writeFileSync(join(directory, fileName(key)), body)
      return { key, size: body.length }
    },
  }
  await Promise.all(photos.map(({ key, index }) => storeDemoPhoto(folder, key, index)))
}
