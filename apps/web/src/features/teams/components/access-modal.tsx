import { useState } from 'react'
import { Alert, Modal, Stack } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { TeamMemberView, TeamTransaction } from '@offerbook/domain/teams'
import { fieldErrorsOf } from '../../../shared/api-client'
import { errorText } from '../../../shared/i18n/messages'
import { notifySuccess } from '../../../shared/notify'
import { useChangeAccess } from '../api/teams'
import type { AccessErrors, AccessValue } from './access-fields'
import { AccessFields } from './access-fields'
import { DialogActions } from '../../../shared/ui/dialog-actions'

type Props = { member: TeamMemberView | null; listings: readonly TeamTransaction[]; offers: readonly TeamTransaction[]; onClose: () => void }

/** Changes one member's access; opened from the members table. */
export function AccessModal({ member, listings, offers, onClose }: Props) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={member ? t('teams.members.changeOf', { name: member.name }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {member && <AccessEditor key={member.userId} member={member} listings={listings} offers={offers} onDone={onClose} />}
    </Modal>
  )
}

function AccessEditor({ member, listings, offers, onDone }: { member: TeamMemberView; listings: readonly TeamTransaction[]; offers: readonly TeamTransaction[]; onDone: () => void }) {
  const { t } = useTranslation()
  const change = useChangeAccess()
  const [value, setValue] = useState<AccessValue>({ access: member.access, listingIds: member.listingIds, offerIds: member.offerIds })
  const [errors, setErrors] = useState<AccessErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  const save = () => {
    setFailure(null)
    change.mutate(
      { memberId: member.userId, input: value },
      {
        onSuccess: () => {
          notifySuccess(t('teams.members.saved', { name: member.name }))
          onDone()
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error, ['listingIds', 'offerIds'] as const)
          setErrors(fields)
          if (Object.keys(fields).length === 0) setFailure(errorText(error))
        },
      },
    )
  }

  return (
    <Stack gap="md">
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <AccessFields
        value={value}
        onChange={(next) => {
          setValue(next)
          setErrors({})
        }}
        listings={listings}
        offers={offers}
        errors={errors}
      />
      <DialogActions cancel={t('inputs.dialog.cancel')} onCancel={onDone} confirm={t('teams.members.save')} onConfirm={save} loading={change.isPending} />
    </Stack>
  )
}
