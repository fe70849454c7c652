import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import type { Translate } from '../../../shared/i18n/translation'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Device } from '@offerbook/domain/devices'
import { ApiClientError } from '../../../shared/api-client'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { useDialog } from '../../../shared/ui/app-dialog'
import { useDevices, useSignOutDevice, useSignOutOtherDevices } from '../api/devices'
import { formatDateTime } from '../../../shared/format-date-time'

const P = 'accounts.profile.devices'

function deviceName(t: Translate, device: Device): string {
  return t(`${P}.name`, { browser: device.browser ?? t(`${P}.unknownBrowser`), system: device.system ?? t(`${P}.unknownSystem`) })
}

const UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
]

/** "5 minutes ago", "yesterday"; a date once it is a month old. */
export function lastSeenText(t: Translate, language: string, iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000))
  if (seconds < 60) return t(`${P}.justNow`)
  if (seconds >= 30 * 86_400) return formatDateTime(language, iso)
  const { unit, seconds: size } = UNITS.find((entry) => seconds >= entry.seconds) ?? UNITS[UNITS.length - 1]!
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-Math.floor(seconds / size), unit)
}

function DeviceRow({ device, onSignOut, signingOut }: { device: Device; onSignOut: (device: Device) => void; signingOut: boolean }) {
  const { t, i18n } = useTranslation()
  const name = deviceName(t, device)
  return (
    <Paper component="li" withBorder p="md" aria-label={name}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            {device.current && (
              <Badge variant="light" tt="none">
                {t(`${P}.thisDevice`)}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            {t(`${P}.signedIn`, { date: formatDateTime(i18n.language, device.signedInAt) })}
          </Text>
          <Text size="sm" c="gray.7">
            {device.current ? t(`${P}.activeNow`) : t(`${P}.lastSeen`, { when: lastSeenText(t, i18n.language, device.lastSeenAt) })}
          </Text>
          <Text size="sm" c="gray.7">
            {t(`${P}.ipAddress`, { ip: device.ipAddress ?? t(`${P}.unknownIp`) })}
          </Text>
        </Stack>
        {!device.current && (
          <Button variant="default" size="xs" onClick={() => onSignOut(device)} loading={signingOut} aria-label={t(`${P}.signOutNamed`, { device: name })}>
            {t(`${P}.signOut`)}
          </Button>
        )}
      </Group>
    </Paper>
  )
}

/** The user's signed-in devices on /profile: which they are, when last used, and signing them out. */
export function DevicesSection() {
  const { t } = useTranslation()
  const dialog = useDialog()
  const devices = useDevices()
  const signOutOne = useSignOutDevice()
  const signOutOthers = useSignOutOtherDevices()

  if (devices.isPending) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t(`${P}.loading`)}</Text>
      </Group>
    )
  }
  if (devices.isError) return <LoadFailedAlert title={t(`${P}.loadFailed`)} error={devices.error} onRetry={() => void devices.refetch()} />

  const items = devices.data.items
  const others = items.filter((device) => !device.current)

  const onSignOut = async (device: Device) => {
    const name = deviceName(t, device)
    const confirmed = await dialog.confirm({
      title: t(`${P}.confirmOneTitle`),
      message: t(`${P}.confirmOneBody`, { device: name }),
      confirmLabel: t(`${P}.signOut`),
    })
    if (!confirmed) return
    signOutOne.mutate(device.id, {
      onSuccess: () => notifySuccess(t(`${P}.signedOutOne`, { device: name })),
      // Signed out from another tab or device meanwhile: what the user wanted has happened.
      onError: (error) => (error instanceof ApiClientError && error.status === 404 ? notifySuccess(`${P}.alreadySignedOut`) : notifyError(error)),
    })
  }

  const onSignOutOthers = async () => {
    const confirmed = await dialog.confirm({
      title: t(`${P}.confirmOthersTitle`),
      message: t(`${P}.confirmOthersBody`),
      confirmLabel: t(`${P}.signOutOthers`),
    })
    if (!confirmed) return
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signedOut }) => notifySuccess(t(`${P}.signedOutOthers`, { count: signedOut })),
      onError: (error) => notifyError(error),
    })
  }

  return (
    <Stack gap="md">
      <Text>{t(`${P}.body`)}</Text>
      {items.length === 0 ? (
        <Text c="gray.7">{t(`${P}.empty`)}</Text>
      ) : (
        <Stack component="ul" gap="sm" aria-label={t(`${P}.listLabel`)} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((device) => (
            <DeviceRow key={device.id} device={device} onSignOut={(chosen) => void onSignOut(chosen)} signingOut={signOutOne.isPending && signOutOne.variables === device.id} />
          ))}
        </Stack>
      )}
      {others.length === 0 ? (
        items.length > 0 && <Text size="sm" c="gray.7">{t(`${P}.onlyThisOne`)}</Text>
      ) : (
        <Group>
          <Button variant="default" color="red" onClick={() => void onSignOutOthers()} loading={signOutOthers.isPending}>
            {t(`${P}.signOutOthers`)}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
