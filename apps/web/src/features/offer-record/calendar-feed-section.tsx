import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from '../../shared/i18n/translation'
import { hasAnyRole, PAGE_ROLES } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { errorMessage, notifyError, notifySuccess } from '../../shared/notify'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { calendarFeedQuery, createCalendarFeed, offerRecordKeys, revokeCalendarFeed } from './offer-record-api'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** The feed is for the parties of offers: the signed-in pages' roles (an admin has no offers). */
export function showsCalendarFeedSection(user: User): boolean {
  return hasAnyRole(user.roles, PAGE_ROLES.signedIn)
}

/**
 * The private calendar address (issue #18): made, shown once to copy, made anew (the old one stops
 * working) or turned off. Only its hash is kept by the server, so it cannot be shown again later.
 */
export function CalendarFeedSection() {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const state = useQuery(calendarFeedQuery())
  const [url, setUrl] = useState<string | null>(null)
  const refresh = () => client.invalidateQueries({ queryKey: offerRecordKeys.feed })
  const make = useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (made) => {
      setUrl(made.url)
      void refresh()
    },
    onError: notifyError,
  })
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => {
      setUrl(null)
      notifySuccess(t('calendarFeed.revoked'))
      void refresh()
    },
    onError: notifyError,
  })

  if (state.isPending) return <CenteredLoader />
  if (state.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(state.error)}
      </Alert>
    )
  const since = state.data.createdAt ? dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(state.data.createdAt)) : ''
  return (
    <Stack gap="sm">
      <Text size="sm">{t('calendarFeed.intro')}</Text>
      {url ? (
        <Stack gap={6}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label={t('calendarFeed.address')} value={url} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('calendarFeed.copied') : t('calendarFeed.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('calendarFeed.copyHint')}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {state.data.active ? t('calendarFeed.activeSince', { date: since }) : t('calendarFeed.none')}
        </Text>
      )}
      <Group gap="sm">
        <Button onClick={() => make.mutate()} loading={make.isPending}>
          {state.data.active ? t('calendarFeed.regenerate') : t('calendarFeed.make')}
        </Button>
        {state.data.active && (
          <Button variant="default" color="red" onClick={() => revoke.mutate()} loading={revoke.isPending}>
            {t('calendarFeed.revoke')}
          </Button>
        )}
      </Group>
    </Stack>
  )
}
