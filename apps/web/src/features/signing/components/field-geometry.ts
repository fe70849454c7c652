import type { SigningFieldType } from '@offerbook/domain/signing'

/** A field's default size as a fraction of the page (decision 016: positions are fractions, origin top left). */
export const DEFAULT_FIELD_SIZES: Readonly<Record<SigningFieldType, { width: number; height: number }>> = {
  signature: { width: 0.25, height: 0.05 },
  initials: { width: 0.08, height: 0.04 },
  'date-signed': { width: 0.2, height: 0.03 },
  'full-name': { width: 0.2, height: 0.03 },
  text: { width: 0.2, height: 0.03 },
}

/** One arrow key press moves a field by this much of the page; with Shift, by NUDGE_BIG. */
export const NUDGE = 0.01
export const NUDGE_BIG = 0.05

/** Four decimals: a tenth of a point on a letter page, and no 0.38500000000000006 in the request. */
export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000
}

export type Box = { x: number; y: number; width: number; height: number }

/** Keeps a box wholly inside the page. */
export function clampBox(box: Box): Box {
  const width = Math.min(Math.max(box.width, 0.01), 1)
  const height = Math.min(Math.max(box.height, 0.01), 1)
  return {
    x: round4(Math.min(Math.max(box.x, 0), 1 - width)),
    y: round4(Math.min(Math.max(box.y, 0), 1 - height)),
    width: round4(width),
    height: round4(height),
  }
}

/** A new field of `type` centred on (cx, cy), inside the page. */
export function boxCentredAt(type: SigningFieldType, cx: number, cy: number): Box {
  const { width, height } = DEFAULT_FIELD_SIZES[type]
  return clampBox({ x: cx - width / 2, y: cy - height / 2, width, height })
}

/** Where a pointer is over an element, as fractions of its size. */
export function fractionIn(rect: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number): { fx: number; fy: number } {
  const fx = rect.width > 0 ? (clientX - rect.left) / rect.width : 0.5
  const fy = rect.height > 0 ? (clientY - rect.top) / rect.height : 0.5
  // A drop event with no coordinates (some assistive drag tools) lands in the middle.
  return { fx: Number.isFinite(fx) ? fx : 0.5, fy: Number.isFinite(fy) ? fy : 0.5 }
}

/**
 * The pairs of fields that cover each other on the same page (touching edges do not count): a
 * signer could fill one and not see the other, and the sealed PDF would print one over the other.
 */
export function overlappingPairs<T extends Box & { id: string; page: number }>(fields: readonly T[]): [T, T][] {
  const pairs: [T, T][] = []
  for (const [index, a] of fields.entries()) {
    for (const b of fields.slice(index + 1)) {
      if (a.page !== b.page) continue
      const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
      const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
      // A ten-thousandth of the page: positions are rounded to four decimals (round4).
      if (across > 0.0001 && down > 0.0001) pairs.push([a, b])
    }
  }
  return pairs
}
