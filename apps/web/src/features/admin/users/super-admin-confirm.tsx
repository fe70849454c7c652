import { useState } from 'react'
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'

export type SuperAdminConfirmProps = {
  /** The super admin the change is about; null while nothing asks. */
  target: { name: string; email: string } | null
  onConfirm: () => void
  onCancel: () => void
}

/** Whether what was typed names the account: its email, in any case, spaces around it ignored. */
export function typedMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase()
}

/**
 * The second confirmation before changing a super admin's account (its roles, deactivating it): the
 * admin types the account's email, so a slip of the mouse on the wrong row cannot lock the last
 * owners of the product out.
 */
export function SuperAdminConfirm({ target, onConfirm, onCancel }: SuperAdminConfirmProps) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState('')
  const close = () => {
    setTyped('')
    onCancel()
  }
  const matches = target !== null && typedMatches(typed, target.email)
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={t('adminUsers.superAdminConfirm.title', { name: target?.name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text>{t('adminUsers.superAdminConfirm.message', { email: target?.email ?? '' })}</Text>
        <TextInput label={t('adminUsers.superAdminConfirm.label')} value={typed} onChange={(event) => setTyped(event.currentTarget.value)} autoComplete="off" data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('inputs.dialog.cancel')}
          </Button>
          <Button
            color="red"
            disabled={!matches}
            onClick={() => {
              setTyped('')
              onConfirm()
            }}
          >
            {t('adminUsers.superAdminConfirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
