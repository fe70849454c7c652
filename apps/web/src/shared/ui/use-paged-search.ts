import { useState } from 'react'

/** The admin lists' page length. */
export const LIST_PAGE_SIZE = 20

/**
 * The state of a list searched and read a page at a time: the text in the search field, the search
 * last run, and the page. A new search or filter goes back to the first page, where its list starts.
 */
export function usePagedSearch(pageSize = LIST_PAGE_SIZE) {
  const [text, setText] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const fromFirstPage =
    <V>(set: (value: V) => void) =>
    (value: V) => {
      set(value)
      setPage(1)
    }
  return {
    /** What the list's query asks for: this page of the search last run. */
    request: { page, pageSize, search: search.trim() },
    /** The paging props of the list's PagedTable. */
    pager: { page, pageSize, onPage: setPage },
    fromFirstPage,
    /** The props of the list's SearchInput. */
    searchInput: { value: text, onChange: setText, onSearch: fromFirstPage(setSearch) },
  }
}
