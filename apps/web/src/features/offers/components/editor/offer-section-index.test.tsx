import { useRef } from 'react'
import { Group, NumberInput, Radio } from '@mantine/core'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OfferTerms } from '@offerbook/domain/offer'
import { EMPTY_OFFER_TERMS } from '@offerbook/domain/offer'
import { renderAt } from '../../../../test/render'
import { OfferSectionIndex } from './offer-section-index'

/** The index beside two of the form's fields: the appraisal's yes/no (a radio group) and the resolution period. */
function Harness({ terms }: { terms: OfferTerms }) {
  const root = useRef<HTMLDivElement>(null)
  return (
    <>
      <OfferSectionIndex root={root} terms={terms} saved={[]} />
      <div ref={root}>
        <Radio.Group label="Appraisal contingency">
          <Group>
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
        <NumberInput label="Resolution period (days)" />
      </div>
    </>
  )
}

const scrollIntoView = Element.prototype.scrollIntoView
beforeEach(() => {
  // jsdom lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = vi.fn()
})
afterEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView
})

describe('OfferSectionIndex', () => {
  it("lists the contract's missing terms and leads to each field, a yes/no choice to its first radio", async () => {
    const user = userEvent.setup()
    renderAt(<Harness terms={{ ...EMPTY_OFFER_TERMS, inspectionPeriodDays: 10 }} />)
    // The rules arrive beside the editor (offer-rules.ts); the list is theirs.
    const missing = await within(screen.getByTestId('offer-index')).findByTestId('offer-missing-fields')
    for (const text of ['Enter the earnest money amount', 'Choose who holds the earnest money', 'Enter within how many days the earnest money is due', 'Enter the resolution period in days'])
      expect(within(missing).getByRole('link', { name: text })).toBeTruthy()

    await user.click(within(missing).getByRole('link', { name: 'Choose whether the offer is contingent on the appraisal' }))
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Yes' }))
    await user.click(within(missing).getByRole('link', { name: 'Enter the resolution period in days' }))
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Resolution period (days)' }))
  })
})
