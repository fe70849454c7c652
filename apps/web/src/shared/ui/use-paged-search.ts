import { useState } from 'react'

/**
 * The state of a list searched and read a page at a time: the text in the search field, the search
 * last run, and the page. A new search or filter goes back to the first page, where its list starts.
 */
export function usePagedSearch() {
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
    page,
    setPage,
    search: search.trim(),
    fromFirstPage,
    /** The props of the list's SearchInput. */
    searchInput: { value: text, onChange: setText, onSearch: fromFirstPage(setSearch) },
  }
}
