import { describe, expect, it } from 'vitest'
import { SIGNING_LIMITS } from '@offerbook/domain/signing-values'
import { signatureScale } from './signature-image'

describe('signatureScale', () => {
  it('keeps the screen density when the image stays within the server limit', () => {
    expect(signatureScale(500, 150, 2)).toBe(2)
    expect(signatureScale(0, 0, 1.5)).toBe(1.5)
  })

  it('lowers it on a wide, dense screen so the image is at most 2000 × 1000 pixels', () => {
    const scale = signatureScale(800, 150, 3)
    expect(Math.floor(800 * scale)).toBeLessThanOrEqual(SIGNING_LIMITS.signatureMaxWidth)
    expect(Math.floor(800 * scale)).toBe(2000)
    // A long typed name at the typed signature's scale of 2.
    expect(Math.floor(1500 * signatureScale(1500, 77, 2))).toBe(2000)
    expect(Math.floor(600 * signatureScale(300, 600, 2))).toBeLessThanOrEqual(SIGNING_LIMITS.signatureMaxHeight)
  })
})
