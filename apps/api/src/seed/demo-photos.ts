import { seededRandom } from './seeded-random'

/**
 * Pictures of houses for the demo listings, drawn here and encoded as PNG, so a fresh install shows
 * listings with photos without downloading anything. Each picture is decided by its number alone.
 */

export const DEMO_PHOTO_WIDTH = 640
export const DEMO_PHOTO_HEIGHT = 427

type Rgb = readonly [number, number, number]

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

type Season = 'summer' | 'autumn' | 'winter' | 'spring'
type TimeOfDay = 'day' | 'dusk' | 'night'
type Scene = { width: number; height: number; horizon: number; season: Season; time: TimeOfDay; grass: Rgb }

function leavesOf(season: Season, random: () => number): Rgb {
  if (season === 'autumn') return pick(random, [[200, 110, 40], [215, 160, 50], [170, 60, 40], [190, 130, 60]] as const)
  if (season === 'winter') return [90, 80, 70]
  if (season === 'spring') return random() < 0.3 ? [235, 170, 200] : [90, 170, 70]
  return [40 + Math.floor(random() * 30), 110 + Math.floor(random() * 40), 45 + Math.floor(random() * 20)]
}

function tree(canvas: Canvas, x: number, groundY: number, size: number, random: () => number, season: Season = 'summer'): void {
  canvas.rect(x - size * 0.08, groundY - size * 0.9, x + size * 0.08, groundY + 4, [95, 65, 40])
  if (season === 'winter') {
    // Bare branches.
    for (let n = 0; n < 5; n++) canvas.rect(x - size * 0.45 + n * size * 0.2, groundY - size * (1.2 - (n % 2) * 0.2), x - size * 0.42 + n * size * 0.2, groundY - size * 0.6, [95, 80, 65])
    canvas.rect(x - size * 0.45, groundY - size * 0.85, x + size * 0.45, groundY - size * 0.82, [95, 80, 65])
    return
  }
  const leaves = leavesOf(season, random)
  canvas.circle(x, groundY - size * 1.05, size * 0.55, leaves)
  canvas.circle(x - size * 0.3, groundY - size * 0.8, size * 0.4, shade(leaves, 0.9))
  canvas.circle(x + size * 0.3, groundY - size * 0.85, size * 0.42, shade(leaves, 1.1))
}

/** A pine keeps its needles all year. */
function pine(canvas: Canvas, x: number, groundY: number, size: number, snow: boolean): void {
  canvas.rect(x - 4, groundY - 12, x + 4, groundY + 2, [90, 60, 40])
  for (let layer = 0; layer < 3; layer++) {
    const base = groundY - 8 - layer * size * 0.28
    canvas.gable(x - size * (0.34 - layer * 0.08), x + size * (0.34 - layer * 0.08), base, x, base - size * 0.42, [35, 85, 55])
    if (snow) canvas.gable(x - size * (0.12 - layer * 0.03), x + size * (0.12 - layer * 0.03), base - size * 0.28, x, base - size * 0.42, [245, 248, 252])
  }
}

const SKIES: Readonly<Record<TimeOfDay, readonly [Rgb, Rgb]>> = {
  day: [
    [95, 155, 215],
    [195, 225, 245],
  ],
  dusk: [
    [250, 170, 120],
    [255, 225, 180],
  ],
  night: [
    [20, 28, 60],
    [60, 70, 110],
  ],
}

/** Sky, clouds or sun or stars, and the ground in the season's colour, with far trees on the horizon. */
function landscape(canvas: Canvas, random: () => number, { horizonShare, grey = false }: { horizonShare: number; grey?: boolean }): Scene {
  const { width, height } = canvas
  const horizon = Math.round(height * horizonShare)
  const time: TimeOfDay = random() < 0.18 ? 'dusk' : random() < 0.1 ? 'night' : 'day'
  const season: Season = pick(random, ['summer', 'summer', 'spring', 'autumn', 'autumn', 'winter'] as const)
  const [top, bottom] = grey ? ([[150, 160, 170], [205, 210, 215]] as const) : SKIES[time]
  for (let y = 0; y < horizon; y++) canvas.rect(0, y, width, y + 1, mix(top, bottom, y / horizon))
  if (time === 'day') {
    for (let cloud = 0; cloud < 1 + Math.floor(random() * 3); cloud++) {
      const cx = random() * width
      const cy = 30 + random() * horizon * 0.3
      for (let puff = 0; puff < 4; puff++) canvas.circle(cx + puff * 22 - 33, cy + (puff % 2) * 6, 16 + random() * 10, [250, 250, 252])
    }
  } else if (time === 'dusk') {
    canvas.circle(width * (0.1 + random() * 0.8), horizon - 20, 28, [255, 200, 110])
  } else {
    for (let star = 0; star < 40; star++) {
      const x = random() * width
      const y = random() * horizon * 0.7
      canvas.rect(x, y, x + 2, y + 2, [230, 230, 240])
    }
    canvas.circle(width * (0.15 + random() * 0.7), 50 + random() * 40, 20, [245, 240, 215])
  }
  const lawn: Rgb = season === 'winter' ? [238, 242, 247] : season === 'autumn' ? [140, 150, 70] : [70 + Math.floor(random() * 30), 140 + Math.floor(random() * 30), 60]
  const grass = time === 'night' ? shade(lawn, 0.45) : time === 'dusk' ? shade(lawn, 0.85) : lawn
  for (let y = horizon; y < height; y++) canvas.rect(0, y, width, y + 1, Math.floor((y - horizon) / 14) % 2 === 0 ? grass : shade(grass, 0.94))
  const far = season === 'winter' ? ([120, 125, 120] as Rgb) : shade(season === 'autumn' ? [170, 110, 50] : grass, season === 'autumn' ? 0.9 : 0.7)
  for (let x = 0; x < width; x += 26) canvas.circle(x + random() * 10, horizon - 4, 14 + random() * 10, time === 'night' ? shade(far, 0.5) : far)
  return { width, height, horizon, season, time, grass }
}

/** A window, lit from inside at night. */
function pane(canvas: Canvas, scene: Scene, x: number, y: number, w: number, h: number, trim: Rgb): void {
  if (scene.time === 'night') {
    canvas.rect(x - 3, y - 3, x + w + 3, y + h + 3, shade(trim, 0.5))
    canvas.rect(x, y, x + w, y + h, [250, 210, 120])
    canvas.rect(x + w / 2 - 1, y, x + w / 2 + 1, y + h, shade(trim, 0.5))
    return
  }
  window(canvas, x, y, w, h, trim)
}

const night = (scene: Scene, colour: Rgb): Rgb => (scene.time === 'night' ? shade(colour, 0.5) : scene.time === 'dusk' ? shade(colour, 0.88) : colour)

type RoofShape = 'gable' | 'hip' | 'flat' | 'gambrel'

/** One detached house: ranch, two-storey, cottage or modern, with or without a garage and trees. */
function drawHouse(canvas: Canvas, random: () => number, style: 'ranch' | 'two-storey' | 'cottage' | 'modern'): void {
  const scene = landscape(canvas, random, { horizonShare: 0.6 + random() * 0.1 })
  const { width, height, horizon, grass } = scene
  // Viewpoint: nearer (a bigger house) or farther, left or right of the picture.
  const houseWidth = width * (style === 'cottage' ? 0.34 + random() * 0.12 : 0.42 + random() * 0.2)
  const houseLeft = width * (0.08 + random() * 0.3)
  const houseRight = Math.min(width - 20, houseLeft + houseWidth)
  const storeys = style === 'two-storey' ? 2 : style === 'modern' ? (random() < 0.6 ? 2 : 1) : 1
  const houseHeight = storeys === 2 ? height * 0.34 : height * 0.22
  const ground = horizon + 18
  const houseTop = ground - houseHeight
  const siding = night(scene, style === 'modern' ? pick(random, [[235, 235, 232], [60, 62, 66], [180, 150, 115]] as const) : pick(random, SIDING))
  const roof = night(scene, pick(random, ROOFS))
  const trim: Rgb = style === 'modern' ? [40, 40, 44] : random() < 0.7 ? [250, 250, 248] : shade(siding, 0.6)
  const shape: RoofShape = style === 'modern' ? 'flat' : style === 'cottage' ? pick(random, ['gable', 'gambrel'] as const) : pick(random, ['gable', 'gable', 'hip'] as const)
  const overhang = 16
  const roofHeight = shape === 'flat' ? 10 : houseHeight * (style === 'cottage' ? 0.8 + random() * 0.3 : 0.45 + random() * 0.3)

  if (shape !== 'flat' && random() < 0.6) {
    const chimneyX = houseLeft + houseWidth * (0.15 + random() * 0.6)
    canvas.rect(chimneyX, houseTop - roofHeight * 0.9, chimneyX + 22, houseTop, night(scene, pick(random, [[150, 75, 60], [120, 120, 118]] as const)))
  }
  canvas.rect(houseLeft, houseTop, houseRight, ground, siding)
  if (style === 'modern') {
    // Panels instead of boards, and a second block offset to one side.
    canvas.rect(houseLeft + houseWidth * 0.55, houseTop - height * 0.08, houseRight + 20, ground, shade(siding, 0.85))
    canvas.rect(houseLeft - 6, houseTop - 10, houseRight + 26, houseTop, [35, 35, 38])
    canvas.rect(houseLeft + houseWidth * 0.55 - 6, houseTop - height * 0.08 - 10, houseRight + 26, houseTop - height * 0.08, [35, 35, 38])
  } else {
    for (let y = houseTop + 8; y < ground; y += 9) canvas.rect(houseLeft, y, houseRight, y + 1, shade(siding, 0.93))
    const apex = (houseLeft + houseRight) / 2
    if (shape === 'gable') canvas.gable(houseLeft - overhang, houseRight + overhang, houseTop + 2, apex, houseTop - roofHeight, roof)
    if (shape === 'hip') {
      // A hipped roof: a trapezoid, sloping on all four sides.
      for (let y = Math.round(houseTop - roofHeight); y < houseTop + 2; y++) {
        const t = (y - (houseTop - roofHeight)) / roofHeight
        canvas.rect(houseLeft - overhang + (1 - t) * houseWidth * 0.3, y, houseRight + overhang - (1 - t) * houseWidth * 0.3, y + 1, roof)
      }
    }
    if (shape === 'gambrel') {
      // A barn-like roof: steep lower slopes, then a shallow top.
      for (let y = Math.round(houseTop - roofHeight); y < houseTop + 2; y++) {
        const t = (y - (houseTop - roofHeight)) / roofHeight
        const inset = t < 0.4 ? houseWidth * (0.32 - t * 0.45) : houseWidth * Math.max(0, 0.14 - (t - 0.4) * 0.23)
        canvas.rect(houseLeft - overhang + inset, y, houseRight + overhang - inset, y + 1, roof)
      }
    }
    if (scene.season === 'winter') canvas.rect(houseLeft - overhang, houseTop - 3, houseRight + overhang, houseTop + 1, [245, 248, 252])
    canvas.rect(houseLeft - overhang, houseTop, houseRight + overhang, houseTop + 6, shade(roof, 0.8))
  }

  // A garage beside some; a front porch on others.
  if (random() < (style === 'cottage' ? 0.15 : 0.45)) {
    const garageLeft = houseRight
    const garageRight = Math.min(width - 10, houseRight + houseWidth * 0.38)
    const garageTop = ground - height * 0.17
    canvas.rect(garageLeft, garageTop, garageRight, ground, shade(siding, 0.95))
    if (shape === 'flat') canvas.rect(garageLeft - 4, garageTop - 8, garageRight + 4, garageTop, [35, 35, 38])
    else canvas.gable(garageLeft - 6, garageRight + 10, garageTop + 2, (garageLeft + garageRight) / 2, garageTop - 30, shade(roof, 1.1))
    const door: Rgb = style === 'modern' ? [70, 70, 74] : [235, 235, 230]
    canvas.rect(garageLeft + 12, garageTop + 22, garageRight - 12, ground, night(scene, door))
    for (let y = garageTop + 30; y < ground; y += 10) canvas.rect(garageLeft + 12, y, garageRight - 12, y + 1, shade(night(scene, door), 0.85))
    canvas.rect(garageLeft + 6, ground, garageRight - 6, height, night(scene, [185, 185, 180]))
  } else if (style !== 'modern' && random() < 0.5) {
    canvas.rect(houseLeft + 8, ground - 74, houseRight - 8, ground - 68, trim)
    for (let x = houseLeft + 12; x < houseRight - 12; x += Math.max(40, houseWidth / 5)) canvas.rect(x, ground - 70, x + 5, ground, trim)
  }

  const doorWidth = style === 'modern' ? 40 : 34
  const doorX = houseLeft + houseWidth * (0.4 + random() * 0.2) - doorWidth / 2
  const doorTop = ground - (style === 'modern' ? 70 : 62)
  canvas.rect(doorX - 4, doorTop - 4, doorX + doorWidth + 4, ground, trim)
  canvas.rect(doorX, doorTop, doorX + doorWidth, ground, night(scene, style === 'modern' ? [150, 105, 60] : pick(random, DOORS)))
  canvas.rect(doorX + doorWidth - 9, doorTop + 32, doorX + doorWidth - 5, doorTop + 36, [220, 190, 90])
  for (let y = ground; y < height; y++) {
    const spread = ((y - ground) / (height - ground)) * 30
    canvas.rect(doorX - 2 - spread, y, doorX + doorWidth + 2 + spread, y + 1, night(scene, [200, 190, 170]))
  }
  const windowWidth = style === 'modern' ? 70 : 38
  const windowHeight = style === 'modern' ? 52 : 44
  const lowerY = ground - 78
  for (let x = houseLeft + 22; x + windowWidth < houseRight - 14; x += windowWidth + (style === 'modern' ? 24 : 30)) {
    if (x + windowWidth > doorX - 12 && x < doorX + doorWidth + 12) continue
    pane(canvas, scene, x, lowerY, windowWidth, windowHeight, trim)
    if (storeys === 2) pane(canvas, scene, x, lowerY - 80, windowWidth, windowHeight, trim)
  }
  if (storeys === 2) pane(canvas, scene, doorX - 2, lowerY - 80, windowWidth, windowHeight, trim)

  for (let x = houseLeft + 6; x < houseRight - 6; x += 30) {
    if (x > doorX - 20 && x < doorX + doorWidth + 10) continue
    canvas.circle(x + 10, ground - 2, 11 + random() * 5, scene.season === 'winter' ? [225, 230, 235] : shade(grass, 0.65))
  }
  const trees = Math.floor(random() * 3)
  for (let n = 0; n < trees; n++) {
    const left = n === 0 ? random() * (houseLeft - 30) : houseRight + 40 + random() * Math.max(10, width - houseRight - 60)
    if (left < 20 || left > width - 20) continue
    if (random() < 0.3) pine(canvas, left, horizon + 40 + random() * 30, 110 + random() * 50, scene.season === 'winter')
    else tree(canvas, left, horizon + 30 + random() * 40, 90 + random() * 60, random, scene.season)
  }
}

/** Attached townhomes: three to five units in a row, each its own colour, with stoops. */
function drawTownhouses(canvas: Canvas, random: () => number): void {
  const scene = landscape(canvas, random, { horizonShare: 0.66 })
  const { width, height, horizon } = scene
  const units = 3 + Math.floor(random() * 3)
  const unitWidth = (width - 40) / units
  const ground = horizon + 24
  const tall = height * (0.42 + random() * 0.1)
  const palette = pick(random, [
    [[180, 90, 70], [200, 185, 160], [110, 120, 130]],
    [[236, 229, 214], [120, 150, 180], [150, 160, 130]],
    [[90, 105, 125], [214, 196, 150], [170, 110, 80]],
  ] as const)
  const flat = random() < 0.5
  for (let n = 0; n < units; n++) {
    const left = 20 + n * unitWidth
    const top = ground - tall - (n % 2) * 12
    const wall = night(scene, palette[n % palette.length] as Rgb)
    canvas.rect(left, top, left + unitWidth, ground, wall)
    if (flat) canvas.rect(left - 2, top - 10, left + unitWidth + 2, top, night(scene, [60, 60, 64]))
    else canvas.gable(left - 4, left + unitWidth + 4, top + 2, left + unitWidth / 2, top - 40, night(scene, [70, 70, 75]))
    const doorX = left + unitWidth * 0.15
    canvas.rect(doorX, ground - 60, doorX + 28, ground, night(scene, pick(random, DOORS)))
    canvas.rect(doorX - 8, ground, doorX + 36, ground + 10, night(scene, [170, 165, 160]))
    for (let row = 0; row < 2; row++) pane(canvas, scene, left + unitWidth * 0.55, ground - 70 - row * 85, unitWidth * 0.3, 44, [250, 250, 248])
    pane(canvas, scene, left + unitWidth * 0.12, ground - 150, unitWidth * 0.28, 44, [250, 250, 248])
  }
  canvas.rect(0, ground + 10, width, ground + 40, night(scene, [175, 175, 172]))
  for (let x = 30; x < width; x += 150 + random() * 60) tree(canvas, x, ground + 70, 70 + random() * 30, random, scene.season)
}

/** A condominium building of four to six floors, with balconies. */
function drawCondos(canvas: Canvas, random: () => number): void {
  const scene = landscape(canvas, random, { horizonShare: 0.72 })
  const { width, height, horizon } = scene
  const floors = 4 + Math.floor(random() * 3)
  const left = width * (0.12 + random() * 0.15)
  const right = width - width * (0.08 + random() * 0.15)
  const ground = horizon + 20
  const floorHeight = (height * 0.68) / floors
  const wall = night(scene, pick(random, [[220, 214, 200], [180, 120, 95], [200, 205, 210], [150, 150, 145]] as const))
  const top = ground - floorHeight * floors
  canvas.rect(left, top, right, ground, wall)
  canvas.rect(left - 6, top - 10, right + 6, top, shade(wall, 0.7))
  for (let floor = 0; floor < floors; floor++) {
    const y = top + floor * floorHeight
    canvas.rect(left, y + floorHeight - 3, right, y + floorHeight, shade(wall, 0.85))
    for (let x = left + 16; x + 46 < right - 10; x += 70) {
      pane(canvas, scene, x, y + floorHeight * 0.2, 46, floorHeight * 0.5, shade(wall, 0.75))
      if (floor < floors - 1 && random() < 0.5) canvas.rect(x - 6, y + floorHeight * 0.72, x + 52, y + floorHeight * 0.8, night(scene, [70, 72, 76]))
    }
  }
  canvas.rect((left + right) / 2 - 30, ground - 60, (left + right) / 2 + 30, ground, night(scene, [60, 80, 100]))
  canvas.rect(0, ground, width, height, night(scene, [165, 165, 160]))
  for (let x = 20; x < width; x += 120 + random() * 60) tree(canvas, x, height - 10, 60 + random() * 30, random, scene.season)
}

/** A farmhouse with a red barn, fences and pasture. */
function drawFarm(canvas: Canvas, random: () => number): void {
  const scene = landscape(canvas, random, { horizonShare: 0.5 + random() * 0.08 })
  const { width, height, horizon } = scene
  const ground = horizon + 60
  // The barn, far left or right.
  const barnLeft = random() < 0.5 ? width * 0.05 : width * 0.6
  const barnWidth = width * 0.3
  const barnTop = ground - height * 0.22
  const barn = night(scene, pick(random, [[160, 40, 35], [130, 45, 40], [120, 120, 118]] as const))
  canvas.rect(barnLeft, barnTop, barnLeft + barnWidth, ground, barn)
  for (let y = Math.round(barnTop - 60); y < barnTop + 2; y++) {
    const t = (y - (barnTop - 60)) / 60
    const inset = t < 0.4 ? barnWidth * (0.32 - t * 0.45) : barnWidth * Math.max(0, 0.14 - (t - 0.4) * 0.23)
    canvas.rect(barnLeft - 8 + inset, y, barnLeft + barnWidth + 8 - inset, y + 1, night(scene, [70, 70, 72]))
  }
  canvas.rect(barnLeft + barnWidth * 0.3, ground - 70, barnLeft + barnWidth * 0.7, ground, shade(barn, 0.7))
  canvas.rect(barnLeft + barnWidth * 0.3, ground - 70, barnLeft + barnWidth * 0.7, ground - 66, [245, 245, 240])
  canvas.rect(barnLeft + barnWidth * 0.5 - 2, ground - 70, barnLeft + barnWidth * 0.5 + 2, ground, [245, 245, 240])
  // The white farmhouse with its porch.
  const houseLeft = barnLeft < width / 2 ? width * 0.48 : width * 0.12
  const houseWidth = width * 0.3
  const houseTop = ground - height * 0.2
  const siding = night(scene, [245, 245, 240])
  canvas.rect(houseLeft, houseTop, houseLeft + houseWidth, ground, siding)
  canvas.gable(houseLeft - 10, houseLeft + houseWidth + 10, houseTop + 2, houseLeft + houseWidth / 2, houseTop - 50, night(scene, [60, 62, 70]))
  canvas.rect(houseLeft, ground - 40, houseLeft + houseWidth, ground - 36, night(scene, [90, 90, 95]))
  for (let x = houseLeft + 14; x + 26 < houseLeft + houseWidth - 8; x += 46) pane(canvas, scene, x, houseTop + 14, 26, 30, [60, 62, 70])
  // Fence and a field in rows.
  for (let x = 0; x < width; x += 28) canvas.rect(x, ground + 18, x + 4, ground + 46, night(scene, [240, 240, 235]))
  canvas.rect(0, ground + 24, width, ground + 28, night(scene, [240, 240, 235]))
  canvas.rect(0, ground + 36, width, ground + 40, night(scene, [240, 240, 235]))
  for (let y = ground + 60; y < height; y += 12) canvas.rect(0, y, width, y + 4, shade(scene.grass, 0.85))
  if (random() < 0.6) tree(canvas, barnLeft < width / 2 ? width * 0.92 : width * 0.04 + 30, ground + 10, 110, random, scene.season)
  // Round hay bales on the field.
  if (scene.season !== 'winter') for (let n = 0; n < 3; n++) canvas.circle(width * (0.2 + n * 0.25 + random() * 0.1), height - 40 - random() * 20, 16, [205, 175, 95])
}

/** A lot of land: a meadow or woods, a fence along the road, a for-sale sign. */
function drawLand(canvas: Canvas, random: () => number): void {
  const scene = landscape(canvas, random, { horizonShare: 0.45 + random() * 0.15 })
  const { width, height, horizon } = scene
  // Rolling hills behind.
  for (let x = 0; x < width; x += 4) {
    const hill = horizon - 30 - Math.sin((x / width) * Math.PI * (1.5 + random() * 0.1)) * 40
    canvas.rect(x, hill, x + 4, horizon, night(scene, shade(scene.grass, 0.8)))
  }
  const woods = random() < 0.5
  for (let n = 0; n < (woods ? 14 : 4); n++) {
    const x = random() * width
    if (random() < 0.5) pine(canvas, x, horizon + 20 + random() * 40, 90 + random() * 80, scene.season === 'winter')
    else tree(canvas, x, horizon + 20 + random() * 40, 70 + random() * 60, random, scene.season)
  }
  // A gravel road and a fence along it.
  canvas.rect(0, height - 40, width, height, night(scene, [190, 180, 160]))
  for (let x = 10; x < width; x += 60) canvas.rect(x, height - 80, x + 6, height - 38, night(scene, [120, 90, 60]))
  canvas.rect(0, height - 74, width, height - 71, night(scene, [150, 150, 150]))
  canvas.rect(0, height - 58, width, height - 55, night(scene, [150, 150, 150]))
  // The sign.
  const signX = width * (0.55 + random() * 0.3)
  canvas.rect(signX, height - 120, signX + 6, height - 40, [110, 80, 50])
  canvas.rect(signX - 40, height - 120, signX + 46, height - 80, [245, 245, 240])
  canvas.rect(signX - 34, height - 112, signX + 40, height - 104, [170, 40, 40])
  canvas.rect(signX - 34, height - 96, signX + 20, height - 90, [60, 60, 64])
}

const WALLS: readonly Rgb[] = [
  [238, 234, 226],
  [225, 230, 228],
  [214, 222, 232],
  [236, 224, 205],
  [205, 214, 200],
]
const FLOORS: readonly Rgb[] = [
  [170, 125, 85],
  [195, 160, 120],
  [120, 90, 65],
  [210, 205, 195],
]

/** A room's walls, floor and a window onto the garden. */
function room(canvas: Canvas, random: () => number): { floorY: number; wall: Rgb } {
  const { width, height } = canvas
  const wall = pick(random, WALLS)
  const floor = pick(random, FLOORS)
  const floorY = Math.round(height * (0.68 + random() * 0.06))
  canvas.rect(0, 0, width, floorY, wall)
  for (let y = floorY; y < height; y++) canvas.rect(0, y, width, y + 1, Math.floor((y - floorY) / 10) % 2 ? floor : shade(floor, 0.95))
  for (let x = 0; x < width; x += 90) canvas.rect(x, floorY, x + 2, height, shade(floor, 0.85))
  canvas.rect(0, floorY - 10, width, floorY, shade(wall, 0.9))
  return { floorY, wall }
}

/** A kitchen: cabinets, a counter and an island, pendant lights. */
function drawKitchen(canvas: Canvas, random: () => number): void {
  const { width, height } = canvas
  const { floorY } = room(canvas, random)
  const cabinet = pick(random, [[250, 250, 248], [60, 80, 110], [110, 130, 110], [90, 70, 55], [200, 200, 195]] as const)
  const counter = pick(random, [[235, 235, 235], [60, 60, 62], [215, 205, 190]] as const)
  // Window over the sink.
  const windowX = width * (0.35 + random() * 0.2)
  canvas.rect(windowX - 6, 60, windowX + 136, 190, [250, 250, 248])
  canvas.rect(windowX, 66, windowX + 130, 184, [150, 200, 150])
  canvas.rect(windowX, 66, windowX + 130, 110, [180, 215, 240])
  // Upper and lower cabinets along the wall.
  for (let x = 10; x < width - 10; x += 70) {
    if (x + 64 > windowX - 10 && x < windowX + 140) continue
    canvas.rect(x, 40, x + 64, 170, cabinet as Rgb)
    canvas.rect(x + 30, 120, x + 34, 150, [180, 180, 175])
  }
  canvas.rect(0, floorY - 120, width, floorY - 112, counter as Rgb)
  canvas.rect(0, floorY - 112, width, floorY - 10, cabinet as Rgb)
  for (let x = 10; x < width; x += 70) canvas.rect(x + 30, floorY - 100, x + 40, floorY - 96, [180, 180, 175])
  // Backsplash tiles.
  for (let x = 0; x < width; x += 24) canvas.rect(x, floorY - 170, x + 1, floorY - 120, [200, 200, 205])
  // The island, nearer.
  const islandLeft = width * 0.2
  const islandRight = width * 0.8
  canvas.rect(islandLeft, height - 130, islandRight, height - 118, counter as Rgb)
  canvas.rect(islandLeft + 10, height - 118, islandRight - 10, height, shade(cabinet as Rgb, 0.9))
  // Stools and pendant lights.
  for (let n = 0; n < 3; n++) {
    const x = islandLeft + 60 + n * ((islandRight - islandLeft - 120) / 2)
    canvas.rect(x - 2, 0, x + 2, 70, [40, 40, 40])
    canvas.gable(x - 24, x + 24, 96, x, 70, [40, 40, 44])
    canvas.rect(x - 16, height - 150, x + 16, height - 142, [60, 45, 35])
  }
}

/** A living room: a sofa, a rug, a fireplace or a big window, a lamp and a plant. */
function drawLivingRoom(canvas: Canvas, random: () => number): void {
  const { width, height } = canvas
  const { floorY } = room(canvas, random)
  if (random() < 0.5) {
    const x = width * 0.55
    canvas.rect(x, floorY - 190, x + 160, floorY, [235, 232, 225])
    canvas.rect(x + 40, floorY - 90, x + 120, floorY, [40, 35, 35])
    canvas.circle(x + 80, floorY - 30, 16, [240, 150, 60])
    canvas.rect(x - 10, floorY - 200, x + 170, floorY - 190, [120, 90, 65])
  } else {
    canvas.rect(width * 0.5, 50, width * 0.92, floorY - 40, [250, 250, 248])
    canvas.rect(width * 0.5 + 8, 58, width * 0.92 - 8, floorY - 48, [160, 205, 150])
    canvas.rect(width * 0.5 + 8, 58, width * 0.92 - 8, 140, [185, 220, 245])
    canvas.rect(width * 0.71 - 3, 58, width * 0.71 + 3, floorY - 48, [250, 250, 248])
  }
  // Artwork over the sofa.
  const art = pick(random, [[70, 110, 150], [190, 120, 70], [120, 150, 100]] as const)
  canvas.rect(width * 0.12, 80, width * 0.36, 170, [60, 50, 40])
  canvas.rect(width * 0.12 + 6, 86, width * 0.36 - 6, 164, art as Rgb)
  // Rug, sofa and a coffee table.
  canvas.rect(width * 0.05, height - 70, width * 0.7, height - 20, pick(random, [[200, 180, 150], [150, 160, 175], [180, 110, 90]] as const) as Rgb)
  const sofa = pick(random, [[110, 120, 140], [160, 150, 135], [70, 90, 80], [150, 80, 70]] as const) as Rgb
  canvas.rect(width * 0.06, floorY - 110, width * 0.44, floorY - 20, sofa)
  canvas.rect(width * 0.04, floorY - 70, width * 0.08, floorY, shade(sofa, 0.85))
  canvas.rect(width * 0.42, floorY - 70, width * 0.46, floorY, shade(sofa, 0.85))
  canvas.rect(width * 0.08, floorY - 60, width * 0.42, floorY - 20, shade(sofa, 1.1))
  canvas.rect(width * 0.16, height - 60, width * 0.4, height - 50, [110, 80, 55])
  canvas.rect(width * 0.18, height - 50, width * 0.2, height - 24, [110, 80, 55])
  canvas.rect(width * 0.36, height - 50, width * 0.38, height - 24, [110, 80, 55])
  // A plant in a pot.
  canvas.rect(width * 0.47, floorY - 40, width * 0.51, floorY, [180, 110, 80])
  canvas.circle(width * 0.49, floorY - 70, 34, [60, 130, 70])
}

/** What a demo photo shows; the seed gives each listing photos that fit its kind. */
export const DEMO_PHOTO_KINDS = ['house', 'townhouse', 'condo', 'farm', 'land', 'kitchen', 'living-room'] as const
export type DemoPhotoKind = (typeof DEMO_PHOTO_KINDS)[number]

/** How many of each kind the seed stores: photo numbers run through them in this order. */
export const DEMO_PHOTO_PLAN: readonly { kind: DemoPhotoKind; count: number }[] = [
  { kind: 'house', count: 20 },
  { kind: 'townhouse', count: 4 },
  { kind: 'condo', count: 4 },
  { kind: 'farm', count: 3 },
  { kind: 'land', count: 4 },
  { kind: 'kitchen', count: 5 },
  { kind: 'living-room', count: 5 },
]

/** The kind of photo number `index`; numbers past the plan start it again. */
export function demoPhotoKind(index: number): DemoPhotoKind {
  const total = DEMO_PHOTO_PLAN.reduce((sum, entry) => sum + entry.count, 0)
  let left = index % total
  for (const entry of DEMO_PHOTO_PLAN) {
    if (left < entry.count) return entry.kind
    left -= entry.count
  }
  return 'house'
}

export const DEMO_PHOTO_COUNT = DEMO_PHOTO_PLAN.reduce((sum, entry) => sum + entry.count, 0)

/** The storage key of demo photo number `index`. */
export function demoPhotoKey(index: number): string {
  return `demo/listing-photo-${String(index + 1).padStart(2, '0')}.png`
}

const HOUSE_STYLES = ['ranch', 'two-storey', 'cottage', 'modern'] as const

/** Draws demo photo number `index` (any whole number), as a PNG: its kind from the plan, the rest from the number alone. */
export async function drawDemoHousePhoto(index: number): Promise<Buffer> {
  // Seeded by the number, so picture n is always the same picture.
  const random = seededRandom(0x0ffe2b00 + index * 7919)
  const canvas = new Canvas(DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT)
  const kind = demoPhotoKind(index)
  if (kind === 'house') drawHouse(canvas, random, HOUSE_STYLES[index % HOUSE_STYLES.length] ?? 'ranch')
  else if (kind === 'townhouse') drawTownhouses(canvas, random)
  else if (kind === 'condo') drawCondos(canvas, random)
  else if (kind === 'farm') drawFarm(canvas, random)
  else if (kind === 'land') drawLand(canvas, random)
  else if (kind === 'kitchen') drawKitchen(canvas, random)
  else drawLivingRoom(canvas, random)
  // Loaded here, not at start: libvips and its threads take some 25 MB (decision 035).
  const { default: sharp } = await import('sharp')
  return sharp(canvas.pixels, { raw: { width: canvas.width, height: canvas.height, channels: 3 } }).png().toBuffer()
}
