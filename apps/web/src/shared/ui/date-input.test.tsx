import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n/i18n'
import { renderAt } from '../../test/render'
import { calendarDay, Controlled, shownValue } from '../../test/controlled'
import type { DateInputProps } from './date-input'
import { DateInput, parseIsoDate } from './date-input'

function Harness({ initial = '', onValue, ...props }: Partial<DateInputProps> & { initial?: string; onValue?: (value: string) => void }) {
  return <Controlled input={DateInput} initial={initial} onValue={onValue} showValue props={{ label: 'Closing date', ...props }} />
}


describe('DateInput', () => {
  it('emits a typed date as YYYY-MM-DD', async () => {
    const onValue = vi.fn()
    renderAt(<Harness onValue={onValue} />)
    await userEvent.type(screen.getByLabelText('Closing date'), '2025-03-14')
    expect(shownValue()).toBe('2025-03-14')
    expect(onValue).toHaveBeenLastCalledWith('2025-03-14')
    // A half-typed date is not emitted as some other day.
    expect(onValue).toHaveBeenCalledTimes(1)
  })

  it('emits a day picked in the calendar', async () => {
    renderAt(<Harness initial="2025-03-14" />)
    await userEvent.click(screen.getByLabelText('Closing date'))
    await userEvent.click(await calendarDay('20 March 2025'))
    expect(shownValue()).toBe('2025-03-20')
    expect((screen.getByLabelText('Closing date') as HTMLInputElement).value).toBe('2025-03-20')
  })

  it('disables the days outside minDate and maxDate in the calendar', async () => {
    renderAt(<Harness initial="2025-03-14" minDate="2025-03-10" maxDate="2025-03-20" />)
    await userEvent.click(screen.getByLabelText('Closing date'))
    expect((await calendarDay('9 March 2025')).hasAttribute('disabled')).toBe(true)
    expect((await calendarDay('21 March 2025')).hasAttribute('disabled')).toBe(true)
    expect((await calendarDay('10 March 2025')).hasAttribute('disabled')).toBe(false)
    expect((await calendarDay('20 March 2025')).hasAttribute('disabled')).toBe(false)
  })

  it('refuses a typed date before minDate with a message, keeping the previous value', async () => {
    const onValue = vi.fn()
    renderAt(<Harness initial="2025-03-14" minDate="2025-03-10" onValue={onValue} />)
    const input = screen.getByLabelText('Closing date')
    await userEvent.clear(input)
    onValue.mockClear()
    await userEvent.type(input, '2025-03-01')
    expect(await screen.findByText('2025-03-01 is not allowed: the earliest date is 2025-03-10')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(onValue).not.toHaveBeenCalledWith('2025-03-01')
  })

  it('refuses a typed date after maxDate with a message', async () => {
    renderAt(<Harness maxDate="2025-12-31" />)
    await userEvent.type(screen.getByLabelText('Closing date'), '2026-01-01')
    await userEvent.tab()
    expect(await screen.findByText('2026-01-01 is not allowed: the latest date is 2025-12-31')).toBeTruthy()
    expect(shownValue()).toBe('')
  })

  it('says how to write a date when the text is not one, and clears the message once a good date is typed', async () => {
    renderAt(<Harness />)
    const input = screen.getByLabelText('Closing date')
    await userEvent.type(input, '2025-02-30')
    await userEvent.tab()
    expect(await screen.findByText('Enter a date as YYYY-MM-DD, for example 2025-03-14')).toBeTruthy()
    expect(shownValue()).toBe('')

    await userEvent.clear(input)
    await userEvent.type(input, '2025-02-28')
    await waitFor(() => expect(screen.queryByText(/Enter a date as/)).toBeNull())
    expect(shownValue()).toBe('2025-02-28')
  })

  it('clears to an empty string with the clear button', async () => {
    renderAt(<Harness initial="2025-03-14" />)
    await userEvent.click(screen.getByRole('button', { name: 'Clear the date' }))
    expect(shownValue()).toBe('')
  })

  it('shows the error, description and required mark it is given, and submits the value under its name', () => {
    const { container } = renderAt(<Harness initial="2025-03-14" error="Required" description="The day the sale closes" required name="closing" />)
    const input = screen.getByRole('textbox', { name: /Closing date/ })
    expect(screen.getByText('Required')).toBeTruthy()
    expect(screen.getByText('The day the sale closes')).toBeTruthy()
    expect(input.hasAttribute('required')).toBe(true)
    expect((container.querySelector('input[name="closing"]') as HTMLInputElement).value).toBe('2025-03-14')
  })

  it('names the days and the format in the interface language', async () => {
    renderAt(<Harness initial="2025-03-14" />)
    await act(() => i18n.changeLanguage('es-es'))
    try {
      expect(screen.getByLabelText('Closing date').getAttribute('placeholder')).toBe('AAAA-MM-DD')
      await userEvent.click(screen.getByLabelText('Closing date'))
      expect(await calendarDay('20 marzo 2025')).toBeTruthy()
    } finally {
      await act(() => i18n.changeLanguage('en-us'))
    }
  })

  it('parses only real YYYY-MM-DD days', () => {
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29')
    expect(parseIsoDate('2025-02-29')).toBeNull()
    expect(parseIsoDate('2025-3-1')).toBeNull()
    expect(parseIsoDate('')).toBeNull()
  })
})
