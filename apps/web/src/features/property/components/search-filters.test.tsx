import { useState } from 'react'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../shared/i18n/i18n'
import { renderAt } from '../../../test/render'
import type { SearchState } from '../search-state'
import { EMPTY_SEARCH } from '../search-state'
import { SearchFilters } from './search-filters'

/** The filters as /listings holds them: a change goes into the state the fields read back. */
function Harness({ onChange }: { onChange: (change: Partial<SearchState>) => void }) {
  const [state, setState] = useState<SearchState>(EMPTY_SEARCH)
  return (
    <SearchFilters
      state={state}
      errors={{}}
      onChange={(change) => {
        onChange(change)
        setState((current) => ({ ...current, ...change }))
      }}
    />
  )
}

const minPrice = () => screen.getByLabelText<HTMLInputElement>('Minimum price')

describe('the price filters', () => {
  it('group the dollars by thousands as they are typed, drop anything but digits, and search once typing pauses', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)

    await user.type(minPrice(), '$1x25o0000')
    expect(minPrice().value).toBe('1,250,000')
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ minPrice: 1_250_000 }))
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('keep the caret after the digit typed in the middle, and search at once on Enter', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await user.type(minPrice(), '1250000')

    // After '1,25': a 9 makes 12,590,000 with the caret after the 9; a 1 then goes after it.
    minPrice().setSelectionRange(4, 4)
    await user.keyboard('9')
    expect(minPrice().value).toBe('12,590,000')
    expect(minPrice().selectionStart).toBe(5)
    await user.keyboard('1{Enter}')
    expect(minPrice().value).toBe('125,910,000')
    expect(onChange).toHaveBeenLastCalledWith({ minPrice: 125_910_000 })
  })

  it('clear the filter when the field is emptied', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await user.type(minPrice(), '300000{Enter}')
    expect(onChange).toHaveBeenLastCalledWith({ minPrice: 300_000 })

    await user.clear(minPrice())
    await user.tab()
    expect(minPrice().value).toBe('')
    expect(onChange).toHaveBeenLastCalledWith({ minPrice: null })
  })

  it('group the dollars as Spanish writes them, the caret still after the digit typed', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await act(() => i18n.changeLanguage('es-es'))
    const field = screen.getByLabelText<HTMLInputElement>('Precio mínimo')
    await user.type(field, '1250000')
    expect(field.value).toBe('1.250.000')
    field.setSelectionRange(4, 4)
    await user.keyboard('9{Enter}')
    expect(field.value).toBe('12.590.000')
    expect(field.selectionStart).toBe(5)
    expect(onChange).toHaveBeenLastCalledWith({ minPrice: 12_590_000 })
  })
})
