import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { PHOTO_VARIANT_WIDTHS, photoVariantHeight } from '@offerbook/domain/photo-variants'
import { writeDemoPhotos } from './demo-photo-files'
import { DEMO_PHOTO_COUNT, demoPhotoKey, drawDemoHousePhoto } from './demo-photos'

const directory = mkdtempSync(join(tmpdir(), 'offerbook-demo-photos-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

describe("the build's demo photo files", () => {
  it('hold every demo photo as the seed draws it, with a WebP copy at each display width', async () => {
    await writeDemoPhotos(directory)
    expect(readdirSync(directory)).toHaveLength(DEMO_PHOTO_COUNT * (1 + PHOTO_VARIANT_WIDTHS.length))
    for (const index of [0, DEMO_PHOTO_COUNT - 1]) {
      const name = demoPhotoKey(index).replaceAll('/', '_')
      expect(readFileSync(join(directory, name)).equals(await drawDemoHousePhoto(index))).toBe(true)
      for (const width of PHOTO_VARIANT_WIDTHS) {
        const meta = await sharp(readFileSync(join(directory, `${name}.w${width}.webp`))).metadata()
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width, height: photoVariantHeight(width) })
      }
    }
  })
})
