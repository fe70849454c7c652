import { Alert, MultiSelect, Radio, Stack } from '@mantine/core'
import type { Translate } from '../../../shared/i18n/translation'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import type { TeamAccess, TeamTransaction } from '@offerbook/domain/teams'
import { translateOptional } from '../../../shared/i18n/messages'
import { useMyTeam } from '../api/teams'

export type AccessValue = { access: TeamAccess; listingIds: string[]; offerIds: string[] }
export type AccessErrors = Partial<Record<'listingIds' | 'offerIds', Message>>

type Props = {
  value: AccessValue
  onChange: (value: AccessValue) => void
  listings: readonly TeamTransaction[]
  offers: readonly TeamTransaction[]
  errors?: AccessErrors
}

const options = (items: readonly TeamTransaction[]) => items.map((item) => ({ value: item.id, label: item.label || item.id }))

/**
 * All transactions, or the designated listings and offers chosen from the leader's own; a principal
 * broker also chooses from the brokerage's agents' transactions, which the member reads only (decision 072).
 */
export function AccessFields({ value, onChange, listings, offers, errors = {} }: Props) {
  const { t } = useTranslation()
  const brokerage = useMyTeam().data?.brokerage === true
  const designated = value.access === 'designated'
  return (
    <Stack gap="sm">
      <Radio.Group label={t('teams.access.label')} value={value.access} onChange={(access) => onChange({ ...value, access: access as TeamAccess })}>
        <Stack gap="xs" mt="xs">
          <Radio value="all" label={t('teams.access.all')} description={brokerage ? t('teams.access.allBrokerage') : undefined} />
          <Radio value="designated" label={t('teams.access.designated')} />
        </Stack>
      </Radio.Group>
      {designated && listings.length === 0 && offers.length === 0 && (
        <Alert color="yellow" variant="light">
          {t(brokerage ? 'teams.access.nothingToDesignateBrokerage' : 'teams.access.nothingToDesignate')}
        </Alert>
      )}
      {designated && listings.length > 0 && (
        <MultiSelect
          label={t('teams.access.listings')}
          description={t(brokerage ? 'teams.access.listingsHintBrokerage' : 'teams.access.listingsHint')}
          data={options(listings)}
          value={value.listingIds}
          onChange={(listingIds) => onChange({ ...value, listingIds })}
          searchable
          clearable
          error={translateOptional(errors.listingIds)}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {designated && offers.length > 0 && (
        <MultiSelect
          label={t('teams.access.offers')}
          description={t(brokerage ? 'teams.access.offersHintBrokerage' : 'teams.access.offersHint')}
          data={options(offers)}
          value={value.offerIds}
          onChange={(offerIds) => onChange({ ...value, offerIds })}
          searchable
          clearable
          error={translateOptional(errors.offerIds)}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  )
}

/** What a member's access reads as in a table. */
export function accessSummary(t: Translate, value: { access: TeamAccess; listingIds: readonly string[]; offerIds: readonly string[] }): string {
  if (value.access === 'all') return t('teams.access.all')
  return `${t('teams.access.designated')}: ${t('teams.access.summary', { listings: value.listingIds.length, offers: value.offerIds.length })}`
}
