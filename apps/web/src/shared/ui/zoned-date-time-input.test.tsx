import { useState } from 'react'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderAt } from '../../test/render'
import { ZonedDateTimeInput, zonedInputInstant, zonedInputText } from './zoned-date-time-input'

const CHICAGO = 'America/Chicago'
const NEW_YORK = 'America/New_York'

function Harness({ initial = null, timeZone = CHICAGO }: { initial?: string | null; timeZone?: string }) {
  const [value, setValue] = useState<string | null>(initial)
  return (
    <>
      <ZonedDateTimeInput label="Offer expires" value={value} onChange={setValue} timeZone={timeZone} />
      <output aria-label="instant">{value ?? 'none'}</output>
    </>
  )
}

const instant = () => screen.getByLabelText('instant').textContent
const dateBox = () => screen.getByRole('textbox', { name: 'Offer expires: date' }) as HTMLInputElement
const timeBox = () => screen.getByRole('textbox', { name: 'Offer expires: time' }) as HTMLInputElement

describe('ZonedDateTimeInput', () => {
  const zoneBefore = process.env.TZ
  // The browser's zone must not enter: the process runs in UTC, as the buyer's browser in issue 28 did.
  beforeEach(() => {
    process.env.TZ = 'UTC'
  })
  afterEach(() => {
    process.env.TZ = zoneBefore
  })

  it('turns 5:00 PM typed in a UTC browser into 5:00 PM Central, named beside the field', async () => {
    expect(new Date(2026, 11, 4, 17).getTimezoneOffset()).toBe(0)
    renderAt(<Harness />)
    await userEvent.type(dateBox(), '2026-12-04')
    await userEvent.type(timeBox(), '0500pm')
    expect(timeBox().value).toBe('05:00 PM')
    expect(instant()).toBe('2026-12-04T23:00:00.000Z')
    expect(screen.getByText('Central time (CST)')).toBeTruthy()
    // The zone is read with the field.
    const described = screen.getByRole('group', { name: 'Offer expires' }).getAttribute('aria-describedby') ?? ''
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Central time (CST)')
  })

  it('shows a saved instant at its wall time in the zone, with the summer abbreviation', () => {
    renderAt(<Harness initial="2027-07-02T22:00:00.000Z" />)
    expect(dateBox().value).toBe('2027-07-02')
    expect(timeBox().value).toBe('05:00 PM')
    expect(screen.getByText('Central time (CDT)')).toBeTruthy()
  })

  it('reads the same typing in Eastern time an hour earlier in UTC', async () => {
    renderAt(<Harness timeZone={NEW_YORK} />)
    await userEvent.type(dateBox(), '2026-12-04')
    await userEvent.type(timeBox(), '0500pm')
    expect(instant()).toBe('2026-12-04T22:00:00.000Z')
    expect(screen.getByText('Eastern time (EST)')).toBeTruthy()
  })

  it('gives none until the date and the time are both complete', async () => {
    renderAt(<Harness initial="2026-12-04T23:00:00.000Z" />)
    await userEvent.clear(timeBox())
    expect(instant()).toBe('none')
  })
})

describe('the text of the zoned input', () => {
  it('converts both ways in 12- and 24-hour form, in any process zone', () => {
    const zoneBefore = process.env.TZ
    process.env.TZ = 'Asia/Tokyo'
    try {
      expect(zonedInputInstant('2026-12-04 05:00 PM', CHICAGO, true)).toBe('2026-12-04T23:00:00.000Z')
      expect(zonedInputInstant('2026-12-04 12:05 AM', CHICAGO, true)).toBe('2026-12-04T06:05:00.000Z')
      expect(zonedInputInstant('2026-12-04 17:00', CHICAGO, false)).toBe('2026-12-04T23:00:00.000Z')
      expect(zonedInputText('2026-12-04T23:00:00.000Z', CHICAGO, true)).toBe('2026-12-04 05:00 PM')
      expect(zonedInputText('2026-12-04T06:05:00.000Z', CHICAGO, true)).toBe('2026-12-04 12:05 AM')
      expect(zonedInputText('2026-12-04T23:00:00.000Z', CHICAGO, false)).toBe('2026-12-04 17:00')
      expect(zonedInputInstant('2026-12-04 13:00 PM', CHICAGO, true)).toBeNull()
      expect(zonedInputInstant('', CHICAGO, true)).toBeNull()
      expect(zonedInputText(null, CHICAGO, true)).toBe('')
    } finally {
      process.env.TZ = zoneBefore
    }
  })
})
