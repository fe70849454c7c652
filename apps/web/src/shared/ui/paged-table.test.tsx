import { Table } from '@mantine/core'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { messageText } from '@offerbook/domain/messages'
import { renderAt } from '../../test/render'
import type { PageOf, PageQuery } from './paged-table'
import { PagedTable } from './paged-table'

type Person = { id: string; name: string }

const TEXTS = {
  table: 'People',
  loading: 'Loading people',
  loadFailed: 'The people could not be loaded',
  total: (data: PageOf<Person>) => `${data.total} people`,
  empty: 'Nobody yet.',
  pages: 'Pages of people',
}

function query(overrides: Partial<PageQuery<PageOf<Person>>>): PageQuery<PageOf<Person>> {
  return { data: undefined, isPending: false, isError: false, isFetching: false, error: null, refetch: vi.fn(), ...overrides }
}

function renderTable(pageQuery: PageQuery<PageOf<Person>>, onPage = vi.fn()) {
  renderAt(
    <PagedTable
      query={pageQuery}
      page={1}
      pageSize={2}
      onPage={onPage}
      minWidth={400}
      texts={TEXTS}
      head={<Table.Th>Name</Table.Th>}
      row={(person: Person) => (
        <Table.Tr key={person.id}>
          <Table.Td>{person.name}</Table.Td>
        </Table.Tr>
      )}
    />,
  )
}

describe('PagedTable', () => {
  it('stands grey rows for the list while it loads, named for a screen reader', () => {
    renderTable(query({ isPending: true }))
    expect(screen.getByLabelText('Loading people').getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says why the list could not load, and asks again on Retry', async () => {
    const refetch = vi.fn()
    renderTable(query({ isError: true, error: 'request.internal', refetch }))
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText('The people could not be loaded')).toBeTruthy()
    expect(within(alert).getByText(messageText('request.internal'))).toBeTruthy()
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(refetch).toHaveBeenCalledOnce()
  })

  it('says so in place of a table with no rows', () => {
    renderTable(query({ data: { items: [], total: 0 } }))
    expect(screen.getByText('0 people')).toBeTruthy()
    expect(screen.getByText('Nobody yet.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows the count, a row for each item and the pages, and moves to the page asked for', async () => {
    const onPage = vi.fn()
    renderTable(query({ data: { items: [{ id: '1', name: 'Ann' }, { id: '2', name: 'Bob' }], total: 5 } }), onPage)
    expect(screen.getByText('5 people')).toBeTruthy()
    const table = screen.getByRole('table', { name: 'People' })
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['Name', 'Ann', 'Bob'])
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages of people' })).getByRole('button', { name: 'Page 3' }))
    expect(onPage).toHaveBeenCalledWith(3)
  })
})
