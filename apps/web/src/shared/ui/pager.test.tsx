import { useState } from 'react'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { i18n } from '../../shared/i18n/i18n'
import { renderAt } from '../../test/render'
import { Pager } from './pager'

function Harness({ pages }: { pages: number }) {
  const [page, setPage] = useState(1)
  return (
    <>
      <Pager pages={pages} page={page} onPage={setPage} label="Pages of users" />
      <output>showing page {page}</output>
    </>
  )
}

describe('Pager', () => {
  it('is not there when everything fits on one page', () => {
    renderAt(<Harness pages={1} />)
    expect(screen.queryByRole('navigation', { name: 'Pages of users' })).toBeNull()
  })

  it('names each control, and moves by number and by the next-page control', async () => {
    const user = userEvent.setup()
    renderAt(<Harness pages={3} />)
    const pager = screen.getByRole('navigation', { name: 'Pages of users' })
    expect(pager).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(screen.getByText('showing page 3')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Previous page' }))
    expect(screen.getByText('showing page 2')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(screen.getByText('showing page 3')).toBeTruthy()
  })

  it('names its controls in Spanish', async () => {
    renderAt(<Harness pages={2} />)
    await act(() => i18n.changeLanguage('es-es'))
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Página 2' })).toBeTruthy()
    await act(() => i18n.changeLanguage('en-us'))
  })
})
