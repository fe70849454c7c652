import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../../test/render'
import BrandGuidePage, { contrastRatio } from './brand-guide-page'

describe('brand guide', () => {
  it('measures contrast the WCAG way', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(contrastRatio('#777777', '#ffffff'), 10)
  })

  it('shows the brand colour among ten shades, and a filled shade that passes AA with white text', async () => {
    renderAt(<BrandGuidePage />)
    const rows = await screen.findAllByRole('row')
    expect(rows).toHaveLength(11)
    const brandRow = rows.find((row) => within(row).queryByText('#7963f0'))!
    expect(within(brandRow).getByText('Brand colour')).toBeTruthy()
    const filledRow = rows.find((row) => within(row).queryByText('Filled buttons'))!
    const ratio = Number.parseFloat(within(filledRow).getAllByText(/:1$/)[0]!.textContent!)
    expect(ratio).toBeGreaterThanOrEqual(4.5)
  })
})
