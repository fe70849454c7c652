import { deflateSync } from 'node:zlib'
import { seededRandom } from './seeded-random'

/**
 * Pictures of houses for the demo listings, drawn here and encoded as PNG, so a fresh install shows
 * listings with photos without downloading anything. Each picture is decided by its number alone.
 */

export const DEMO_PHOTO_WIDTH = 640
export const DEMO_PHOTO_HEIGHT = 427

type Rgb = readonly [number, number, number]

// ---------------------------------------------------------------------------------------------
// PNG: signature, IHDR, one IDAT of deflated scanlines (filter 0), IEND; every chunk with its CRC-32.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'ascii')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Encodes 8-bit RGB pixels (width * height * 3 bytes, row by row) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (rgb.length !== width * height * 3) throw new Error(`expected ${width * height * 3} bytes of pixels, got ${rgb.length}`)
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  header[10] = 0 // compression: deflate
  header[11] = 0 // filter method
  header[12] = 0 // no interlace
  const stride = width * 3
  const scanlines = Buffer.alloc((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    // Each scanline starts with its filter type, 0 (none).
    scanlines.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(scanlines, { level: 6 })), chunk('IEND', Buffer.alloc(0))])
}

// ---------------------------------------------------------------------------------------------
// A tiny canvas

class Canvas {
  readonly pixels: Uint8Array
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3)
  }

  rect(x0: number, y0: number, x1: number, y1: number, [r, g, b]: Rgb): void {
    const left = Math.max(0, Math.round(x0))
    const right = Math.min(this.width, Math.round(x1))
    const bottom = Math.min(this.height, Math.round(y1))
    for (let y = Math.max(0, Math.round(y0)); y < bottom; y++) {
      const end = (y * this.width + right) * 3
      for (let at = (y * this.width + left) * 3; at < end; at += 3) {
        this.pixels[at] = r
        this.pixels[at + 1] = g
        this.pixels[at + 2] = b
      }
    }
  }

  /** A triangle with a horizontal base from (left, baseY) to (right, baseY) and its apex above. */
  gable(left: number, right: number, baseY: number, apexX: number, apexY: number, colour: Rgb): void {
    for (let y = Math.max(0, Math.round(apexY)); y < Math.round(baseY); y++) {
      const t = (y - apexY) / (baseY - apexY)
      this.rect(apexX + (left - apexX) * t, y, apexX + (right - apexX) * t, y + 1, colour)
    }
  }

  circle(cx: number, cy: number, radius: number, colour: Rgb): void {
    for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
      const half = Math.sqrt(Math.max(0, radius * radius - (y - cy) * (y - cy)))
      this.rect(cx - half, y, cx + half, y + 1, colour)
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The pictures

const SIDING: readonly Rgb[] = [
  [236, 229, 214],
  [196, 78, 60],
  [120, 150, 180],
  [245, 245, 240],
  [214, 196, 150],
  [150, 160, 130],
  [170, 110, 80],
  [90, 105, 125],
  [230, 200, 170],
  [200, 210, 215],
]
const ROOFS: readonly Rgb[] = [
  [70, 70, 75],
  [110, 60, 45],
  [55, 65, 85],
  [95, 95, 90],
  [130, 80, 60],
]
const DOORS: readonly Rgb[] = [
  [150, 30, 35],
  [30, 60, 110],
  [40, 90, 60],
  [60, 40, 30],
  [20, 20, 25],
  [200, 150, 40],
]

function shade([r, g, b]: Rgb, factor: number): Rgb {
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)))
  return [clamp(r * factor), clamp(g * factor), clamp(b * factor)]
}

function mix(from: Rgb, to: Rgb, t: number): Rgb {
  return [Math.round(from[0] + (to[0] - from[0]) * t), Math.round(from[1] + (to[1] - from[1]) * t), Math.round(from[2] + (to[2] - from[2]) * t)]
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error('pick from an empty list')
  return item
}

function window(canvas: Canvas, x: number, y: number, w: number, h: number, trim: Rgb): void {
  canvas.rect(x - 3, y - 3, x + w + 3, y + h + 3, trim)
  canvas.rect(x, y, x + w, y + h, [150, 190, 215])
  canvas.rect(x, y, x + w, y + h * 0.35, [190, 220, 235])
  canvas.rect(x + w / 2 - 1, y, x + w / 2 + 1, y + h, trim)
  canvas.rect(x, y + h / 2 - 1, x + w, y + h / 2 + 1, trim)
}

function tree(canvas: Canvas, x: number, groundY: number, size: number, random: () => number): void {
  canvas.rect(x - size * 0.08, groundY - size * 0.9, x + size * 0.08, groundY + 4, [95, 65, 40])
  const leaves: Rgb = [40 + Math.floor(random() * 30), 110 + Math.floor(random() * 40), 45 + Math.floor(random() * 20)]
  canvas.circle(x, groundY - size * 1.05, size * 0.55, leaves)
  canvas.circle(x - size * 0.3, groundY - size * 0.8, size * 0.4, shade(leaves, 0.9))
  canvas.circle(x + size * 0.3, groundY - size * 0.85, size * 0.42, shade(leaves, 1.1))
}

/** Draws demo photo number `index` (any whole number; 0 to 23 are the ones the seed stores). */
export function drawDemoHousePhoto(index: number): Buffer {
  // Seeded by the number, so picture n is always the same picture.
  const random = seededRandom(0x0ffe2b00 + index * 7919)
  const width = DEMO_PHOTO_WIDTH
  const height = DEMO_PHOTO_HEIGHT
  const canvas = new Canvas(width, height)
  const horizon = Math.round(height * (0.62 + random() * 0.08))

  // Sky: a vertical gradient, dusk on some pictures.
  const dusk = random() < 0.2
  const top: Rgb = dusk ? [250, 170, 120] : [95, 155, 215]
  const bottom: Rgb = dusk ? [255, 225, 180] : [195, 225, 245]
  for (let y = 0; y < horizon; y++) {
    const t = y / horizon
    canvas.rect(0, y, width, y + 1, mix(top, bottom, t))
  }
  if (!dusk) {
    for (let cloud = 0; cloud < 1 + Math.floor(random() * 3); cloud++) {
      const cx = random() * width
      const cy = 30 + random() * horizon * 0.3
      for (let puff = 0; puff < 4; puff++) canvas.circle(cx + puff * 22 - 33, cy + (puff % 2) * 6, 16 + random() * 10, [250, 250, 252])
    }
  } else {
    canvas.circle(width * (0.1 + random() * 0.8), horizon - 20, 28, [255, 200, 110])
  }

  // Lawn in mowed stripes, and a hedge of far trees on the horizon.
  const grass: Rgb = [70 + Math.floor(random() * 30), 140 + Math.floor(random() * 30), 60]
  for (let y = horizon; y < height; y++) canvas.rect(0, y, width, y + 1, Math.floor((y - horizon) / 14) % 2 === 0 ? grass : shade(grass, 0.92))
  for (let x = 0; x < width; x += 26) canvas.circle(x + random() * 10, horizon - 4, 14 + random() * 10, shade(grass, 0.7))

  // The house.
  const houseWidth = width * (0.42 + random() * 0.18)
  const houseLeft = width * (0.12 + random() * 0.3)
  const houseRight = houseLeft + houseWidth
  const storeys = random() < 0.45 ? 2 : 1
  const houseHeight = storeys === 2 ? height * 0.34 : height * 0.22
  const houseTop = horizon + 18 - houseHeight
  const siding = pick(random, SIDING)
  const roof = pick(random, ROOFS)
  const trim: Rgb = random() < 0.7 ? [250, 250, 248] : shade(siding, 0.6)
  const overhang = 16
  const roofHeight = houseHeight * (0.45 + random() * 0.3)

  // Chimney first, so the roof covers its foot.
  if (random() < 0.6) {
    const chimneyX = houseLeft + houseWidth * (0.15 + random() * 0.6)
    canvas.rect(chimneyX, houseTop - roofHeight * 0.9, chimneyX + 22, houseTop, [150, 75, 60])
  }
  canvas.rect(houseLeft, houseTop, houseRight, horizon + 18, siding)
  // Siding boards.
  for (let y = houseTop + 8; y < horizon + 18; y += 9) canvas.rect(houseLeft, y, houseRight, y + 1, shade(siding, 0.93))
  canvas.gable(houseLeft - overhang, houseRight + overhang, houseTop + 2, (houseLeft + houseRight) / 2, houseTop - roofHeight, roof)
  canvas.rect(houseLeft - overhang, houseTop, houseRight + overhang, houseTop + 6, shade(roof, 0.8))

  // Garage on the side for some.
  const garage = random() < 0.4
  if (garage) {
    const garageLeft = houseRight
    const garageRight = Math.min(width - 10, houseRight + houseWidth * 0.38)
    const garageTop = horizon + 18 - height * 0.17
    canvas.rect(garageLeft, garageTop, garageRight, horizon + 18, shade(siding, 0.95))
    canvas.gable(garageLeft - 6, garageRight + 10, garageTop + 2, (garageLeft + garageRight) / 2, garageTop - 30, shade(roof, 1.1))
    canvas.rect(garageLeft + 12, garageTop + 22, garageRight - 12, horizon + 18, [235, 235, 230])
    for (let y = garageTop + 30; y < horizon + 18; y += 10) canvas.rect(garageLeft + 12, y, garageRight - 12, y + 1, [200, 200, 195])
    canvas.rect(garageLeft + 6, horizon + 18, garageRight - 6, height, [185, 185, 180])
  }

  // Door, path and windows.
  const doorWidth = 34
  const doorX = houseLeft + houseWidth * (0.4 + random() * 0.2) - doorWidth / 2
  const doorTop = horizon + 18 - 62
  canvas.rect(doorX - 4, doorTop - 4, doorX + doorWidth + 4, horizon + 18, trim)
  canvas.rect(doorX, doorTop, doorX + doorWidth, horizon + 18, pick(random, DOORS))
  canvas.rect(doorX + doorWidth - 9, doorTop + 32, doorX + doorWidth - 5, doorTop + 36, [220, 190, 90])
  for (let y = horizon + 18; y < height; y++) {
    const spread = ((y - horizon - 18) / (height - horizon - 18)) * 30
    canvas.rect(doorX - 2 - spread, y, doorX + doorWidth + 2 + spread, y + 1, [200, 190, 170])
  }
  const windowWidth = 38
  const windowHeight = 44
  const lowerY = horizon + 18 - 78
  for (let x = houseLeft + 22; x + windowWidth < houseRight - 14; x += windowWidth + 30) {
    if (x + windowWidth > doorX - 12 && x < doorX + doorWidth + 12) continue
    window(canvas, x, lowerY, windowWidth, windowHeight, trim)
    if (storeys === 2) window(canvas, x, lowerY - 80, windowWidth, windowHeight, trim)
  }
  if (storeys === 2) window(canvas, doorX - 2, lowerY - 80, windowWidth, windowHeight, trim)

  // Shrubs along the front, and a tree or two.
  for (let x = houseLeft + 6; x < houseRight - 6; x += 30) {
    if (x > doorX - 20 && x < doorX + doorWidth + 10) continue
    canvas.circle(x + 10, horizon + 16, 11 + random() * 5, shade(grass, 0.65))
  }
  const trees = Math.floor(random() * 3)
  for (let n = 0; n < trees; n++) {
    const left = n === 0 ? random() * (houseLeft - 30) : houseRight + 40 + random() * Math.max(10, width - houseRight - 60)
    if (left < 20 || left > width - 20) continue
    tree(canvas, left, horizon + 30 + random() * 40, 90 + random() * 60, random)
  }

  return encodePng(width, height, canvas.pixels)
}
