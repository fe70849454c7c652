import { useTranslation } from '../../../shared/i18n/translation'
import { SearchInput } from '../../../shared/ui/search-input'
import { useDraft } from '../use-draft'

export type ListingSearchBoxProps = {
  /** The words searched for now (from the address). */
  q: string
  onSearch: (q: string) => void
  error?: string
}

/** The search box of /listings. What is typed lives here (useDraft), so a keystroke redraws the box alone. */
export function ListingSearchBox({ q, onSearch, error }: ListingSearchBoxProps) {
  const { t } = useTranslation()
  const { draft, setDraft, sent } = useDraft(q)

  return (
    <SearchInput
      label={t('search.input.label')}
      placeholder={t('search.input.placeholder')}
      value={draft}
      onChange={setDraft}
      onSearch={(words) => {
        if (words.trim() !== q) sent(words.trim())
        onSearch(words.trim())
      }}
      error={error}
    />
  )
}
