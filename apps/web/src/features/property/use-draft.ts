import { useState } from 'react'

/**
 * What is typed in a field whose value lives in the address (the search words, a price). A new value
 * from the address (Back, a shared link, Clear filters) replaces what is typed; the value the field
 * itself just sent does not, so what is typed on while the address catches up is kept. (The address
 * changes a render or more later than the field: the router updates it in a transition.)
 */
export function useDraft<T extends string | number>(committed: T): { draft: T; setDraft: (value: T) => void; sent: (value: T) => void } {
  const [draft, setDraft] = useState<T>(committed)
  const [seen, setSeen] = useState<T>(committed)
  const [own, setOwn] = useState<{ value: T } | null>(null)
  if (!Object.is(seen, committed)) {
    setSeen(committed)
    if (own && Object.is(own.value, committed)) setOwn(null)
    else setDraft(committed)
  }
  return { draft, setDraft, sent: (value: T) => setOwn({ value }) }
}
