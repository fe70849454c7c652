import { useState } from 'react'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render'
import { calendarDay, Controlled, shownValue } from '../../test/controlled'
import type { DateTimeInputProps } from './date-time-input'
import { DateTimeInput, maskTime, splitDateTime } from './date-time-input'

function Harness({ initial = '', onValue, ...props }: Partial<DateTimeInputProps> & { initial?: string; onValue?: (value: string) => void }) {
  return <Controlled input={DateTimeInput} initial={initial} onValue={onValue} showValue props={{ label: 'Offer expires', ...props }} />
}


describe('DateTimeInput', () => {
  it('moves to the time once a day is picked, then emits YYYY-MM-DD HH:mm', async () => {
    renderAt(<Harness initial="2025-03-14 09:00" />)
    await userEvent.click(screen.getByRole('textbox', { name: 'Offer expires: date' }))
    await userEvent.click(await calendarDay('20 March 2025'))

    const time = screen.getByRole('textbox', { name: 'Offer expires: time' })
    await waitFor(() => expect(document.activeElement).toBe(time))
    expect(shownValue()).toBe('2025-03-20 09:00')

    await userEvent.clear(time)
    expect(shownValue()).toBe('')
    await userEvent.type(time, '1545')
    expect((time as HTMLInputElement).value).toBe('15:45')
    expect(shownValue()).toBe('2025-03-20 15:45')
  })

  it('emits nothing until both the date and the time are complete', async () => {
    const onValue = vi.fn()
    renderAt(<Harness onValue={onValue} />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Offer expires: date' }), '2025-03-14')
    await userEvent.type(screen.getByRole('textbox', { name: 'Offer expires: time' }), '083')
    expect(onValue).not.toHaveBeenCalled()
    await userEvent.type(screen.getByRole('textbox', { name: 'Offer expires: time' }), '0')
    expect(onValue).toHaveBeenLastCalledWith('2025-03-14 08:30')
  })

  it('takes a 12-hour time through the ##:## AA mask and emits yyyy-MM-dd hh:mm a', async () => {
    renderAt(<Harness format12h />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Offer expires: date' }), '2025-03-14')
    const time = screen.getByRole('textbox', { name: 'Offer expires: time' })
    await userEvent.type(time, '0345pm')
    expect((time as HTMLInputElement).value).toBe('03:45 PM')
    expect(shownValue()).toBe('2025-03-14 03:45 PM')
  })

  it('shows a 12-hour value of length 8 and explains a bad time when the field is left', async () => {
    renderAt(<Harness format12h initial="2025-03-14 03:45 PM" />)
    const time = screen.getByRole('textbox', { name: 'Offer expires: time' }) as HTMLInputElement
    expect(time.value).toBe('03:45 PM')
    expect((screen.getByRole('textbox', { name: 'Offer expires: date' }) as HTMLInputElement).value).toBe('2025-03-14')

    await userEvent.clear(time)
    await userEvent.type(time, '1375')
    await userEvent.tab()
    expect(await screen.findByText('Enter a time as hh:mm AM or PM, for example 03:45 PM')).toBeTruthy()
    expect(time.getAttribute('aria-invalid')).toBe('true')
    expect(shownValue()).toBe('')
  })

  it('explains a bad 24-hour time', async () => {
    renderAt(<Harness initial="2025-03-14 09:00" />)
    const time = screen.getByRole('textbox', { name: 'Offer expires: time' })
    await userEvent.clear(time)
    await userEvent.type(time, '2460')
    await userEvent.tab()
    expect(await screen.findByText('Enter a time as HH:mm in 24-hour form, for example 15:45')).toBeTruthy()
    expect(shownValue()).toBe('')
  })

  it('keeps the dates outside minDate and maxDate unavailable', async () => {
    renderAt(<Harness initial="2025-03-14 09:00" minDate="2025-03-10" maxDate="2025-03-20" />)
    await userEvent.click(screen.getByRole('textbox', { name: 'Offer expires: date' }))
    expect((await calendarDay('9 March 2025')).hasAttribute('disabled')).toBe(true)
    expect((await calendarDay('21 March 2025')).hasAttribute('disabled')).toBe(true)
  })

  it('is one labelled group, with its error and a hidden field under its name', () => {
    const { container } = renderAt(<Harness initial="2025-03-14 09:00" error="Required" name="expiresAt" />)
    const group = screen.getByRole('group', { name: 'Offer expires' })
    expect(group.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Required')
    expect((container.querySelector('input[name="expiresAt"]') as HTMLInputElement).value).toBe('2025-03-14 09:00')
  })

  it('takes a new value from its owner', async () => {
    function Owner() {
      const [value, setValue] = useState('2025-03-14 09:00')
      return (
        <>
          <DateTimeInput label="Offer expires" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('2025-04-01 17:30')}>
            Later
          </button>
        </>
      )
    }
    renderAt(<Owner />)
    await userEvent.click(screen.getByRole('button', { name: 'Later' }))
    expect((screen.getByRole('textbox', { name: 'Offer expires: time' }) as HTMLInputElement).value).toBe('17:30')
    expect((screen.getByRole('textbox', { name: 'Offer expires: date' }) as HTMLInputElement).value).toBe('2025-04-01')
  })
})

describe('time mask', () => {
  it('formats digits and the AM/PM letters as ##:## AA', () => {
    expect(maskTime('0', true)).toBe('0')
    expect(maskTime('034', true)).toBe('03:4')
    expect(maskTime('0345p', true)).toBe('03:45 P')
    expect(maskTime('03:45 pm', true)).toBe('03:45 PM')
    expect(maskTime('3', true)).toBe('03')
    expect(maskTime('03:45 x', true)).toBe('03:45')
    expect(maskTime('15456', false)).toBe('15:45')
    expect(maskTime('9', false)).toBe('09')
  })

  it('splits values, accepting times of length 8', () => {
    expect(splitDateTime('2025-03-14 03:45 PM', true)).toEqual({ date: '2025-03-14', time: '03:45 PM' })
    expect(splitDateTime('2025-03-14 15:45:00', false)).toEqual({ date: '2025-03-14', time: '15:45' })
    expect(splitDateTime('', false)).toEqual({ date: '', time: '' })
  })
})
