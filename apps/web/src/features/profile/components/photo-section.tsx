import { useRef, useState } from 'react'
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import { PHOTO_CONTENT_TYPES, profilePhotoProblem } from '@offerbook/domain/profile'
import type { User } from '@offerbook/domain/user'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'
import { translate } from '../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { initials } from '../../../shared/ui/initials'
import { useUploadPhoto } from '../api/profile'

export function PhotoSection({ user, onUser }: { user: User; onUser: (user: User) => void }) {
  const { t } = useTranslation()
  const upload = useUploadPhoto({ onUser })
  const [error, setError] = useState<Message | null>(null)
  const resetRef = useRef<() => void>(null)

  const onPick = (file: File | null) => {
    // Cleared at once so that picking the same file again after a fix still fires a change.
    resetRef.current?.()
    if (!file) return
    const problem = profilePhotoProblem(file)
    setError(problem ? { key: problem } : null)
    if (problem) return
    upload.mutate(file, {
      onSuccess: () => notifySuccess('accounts.profile.photo.uploaded'),
      onError: (failure) => {
        setError(failure instanceof ApiClientError ? failure.detail : UNKNOWN_ERROR)
        notifyError(failure)
      },
    })
  }

  return (
    <Stack gap="md">
      <Group gap="lg" align="center">
        <Avatar src={user.photoURL} size={96} radius="50%" color="brand" alt={t('accounts.profile.photo.current')}>
          {initials(user.name)}
        </Avatar>
        <Stack gap="xs">
          {!user.photoURL && <Text c="gray.7">{t('accounts.profile.photo.none')}</Text>}
          <FileButton onChange={onPick} accept={PHOTO_CONTENT_TYPES.join(',')} resetRef={resetRef} disabled={upload.isPending} inputProps={{ 'aria-label': t('accounts.profile.photo.input') }}>
            {(props) => (
              <Button {...props} variant="default" loading={upload.isPending}>
                {t('accounts.profile.photo.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="gray.7">
            {t('accounts.profile.photo.hint')}
          </Text>
        </Stack>
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {translate(error)}
        </Text>
      )}
    </Stack>
  )
}
