import { Box, Pagination } from '@mantine/core'
import { useTranslation } from '../i18n/translation'

type PagerProps = {
  /** How many pages there are; the pager shows only when there is more than one. */
  pages: number
  page: number
  onPage: (page: number) => void
  /** What the pages are of, for a screen reader ("Pages of users"). */
  label: string
}

/**
 * The page numbers under a list: a navigation landmark named for what it pages through, each control
 * named in the reader's language.
 */
export function Pager({ pages, page, onPage, label }: PagerProps) {
  const { t } = useTranslation()
  if (pages <= 1) return null
  return (
    <Box component="nav" aria-label={label}>
      {/* Gaps of 4 px keep the first, last, five numbers and both arrows on one line of a 390 px phone. */}
      <Pagination
        gap={4}
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        getControlProps={(control) => ({ 'aria-label': t(`inputs.pager.${control}`) })}
        getItemProps={(page) => ({ 'aria-label': t('inputs.pager.page', { page }) })}
      />
    </Box>
  )
}
