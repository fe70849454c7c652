import { ActionIcon, Box, Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { SignerRole, SigningOrder } from '@offerbook/domain/signing'
import { SIGNER_ROLES, SIGNING_LIMITS, SignerRoleSchema } from '@offerbook/domain/signing'
import { translateOptional } from '../../../shared/i18n/messages'
import type { Problems, SendOptions, SignerDraft } from './signing-form'
import { emptySigner, moveItem } from './signing-form'
import { signerColor } from './signer-colors'

export type SignerListEditorProps = {
  signers: SignerDraft[]
  onChange: (signers: SignerDraft[], changedPath: string) => void
  /** Messages by field path; a path without one shows none. */
  problems: Partial<Problems>
  sequential: boolean
  requireSmsCode: boolean
  /** Shows each signer's colour, as their fields are drawn on the pages. */
  showColors?: boolean
}

/** The signers of a packet: name, email, phone and role per row; rows added, removed, and moved while the order is sequential. */
export function SignerListEditor({ signers, onChange, problems, sequential, requireSmsCode, showColors = false }: SignerListEditorProps) {
  const { t } = useTranslation()
  const error = (path: string) => translateOptional(problems[path])
  const update = (index: number, change: Partial<SignerDraft>, field: string) => onChange(signers.map((signer, at) => (at === index ? { ...signer, ...change } : signer)), `signers.${index}.${field}`)
  const roles = SIGNER_ROLES.map((role) => ({ value: role, label: t(`signing.role.${role}`) }))
  const listProblem = error('signers')

  return (
    <Stack gap="sm">
      {signers.map((signer, index) => {
        const number = index + 1
        const rowProblem = error(`signers.${index}`)
        return (
          <Fieldset
            key={signer.key}
            data-signer-key={signer.key}
            legend={
              <Group gap={6} component="span">
                {showColors && <Box component="span" aria-hidden w={12} h={12} style={{ borderRadius: 6, background: signerColor(index).border, display: 'inline-block' }} />}
                {t('signing.signers.legend', { number })}
              </Group>
            }
            variant="filled"
          >
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <TextInput label={t('signing.signers.name')} value={signer.name} required error={error(`signers.${index}.name`)} onChange={(event) => update(index, { name: event.currentTarget.value }, 'name')} autoComplete="off" />
                <TextInput
                  label={t('signing.signers.email')}
                  type="email"
                  value={signer.email}
                  required
                  error={error(`signers.${index}.email`)}
                  onChange={(event) => update(index, { email: event.currentTarget.value }, 'email')}
                  autoComplete="off"
                />
                <TextInput
                  label={requireSmsCode ? t('signing.signers.phoneForCode') : t('signing.signers.phone')}
                  type="tel"
                  value={signer.phone}
                  required={requireSmsCode}
                  description={t('signing.signers.phoneHint')}
                  error={error(`signers.${index}.phone`)}
                  onChange={(event) => update(index, { phone: event.currentTarget.value }, 'phone')}
                  autoComplete="off"
                />
                <NativeSelect
                  label={t('signing.signers.role')}
                  data={roles}
                  value={signer.role}
                  error={error(`signers.${index}.role`)}
                  onChange={(event) => {
                    const parsed = SignerRoleSchema.safeParse(event.currentTarget.value)
                    if (parsed.success) update(index, { role: parsed.data satisfies SignerRole }, 'role')
                  }}
                />
              </SimpleGrid>
              {rowProblem && (
                <Text c="red.8" size="sm" role="alert">
                  {rowProblem}
                </Text>
              )}
              <Group gap="xs" justify="flex-end">
                {sequential && (
                  <>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('signing.signers.moveUp', { number })}
                      disabled={index === 0}
                      onClick={() => onChange(moveItem(signers, index, index - 1), 'signers')}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('signing.signers.moveDown', { number })}
                      disabled={index === signers.length - 1}
                      onClick={() => onChange(moveItem(signers, index, index + 1), 'signers')}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                  </>
                )}
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={t('signing.signers.removeLabel', { number })}
                  disabled={signers.length <= 1}
                  onClick={() =>
                    onChange(
                      signers.filter((_, at) => at !== index),
                      'signers',
                    )
                  }
                >
                  {t('signing.signers.remove')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        )
      })}
      {listProblem && (
        <Text c="red.8" size="sm" role="alert">
          {listProblem}
        </Text>
      )}
      <Button variant="default" w="fit-content" leftSection={<IconPlus size={16} aria-hidden />} disabled={signers.length >= SIGNING_LIMITS.maxSigners} onClick={() => onChange([...signers, emptySigner()], 'signers')}>
        {t('signing.signers.add')}
      </Button>
    </Stack>
  )
}

export type SendOptionsFieldsProps = {
  value: SendOptions
  onChange: (value: SendOptions, changedPath: string) => void
  /** Messages by field path; a path without one shows none. */
  problems: Partial<Problems>
}

const ORDERS: readonly SigningOrder[] = ['parallel', 'sequential']

/** Signing order, expiry, the texted code and the note to the signers. */
export function SendOptionsFields({ value, onChange, problems }: SendOptionsFieldsProps) {
  const { t } = useTranslation()
  const error = (path: string) => translateOptional(problems[path])
  return (
    <Stack gap="sm">
      <Radio.Group label={t('signing.send.order')} value={value.order} onChange={(order) => onChange({ ...value, order: order === 'sequential' ? 'sequential' : 'parallel' }, 'order')} error={error('order')}>
        <Group gap="lg" mt={6}>
          {ORDERS.map((order) => (
            <Radio key={order} value={order} label={t(`signing.send.orders.${order}`)} />
          ))}
        </Group>
      </Radio.Group>
      <NumberInput
        label={t('signing.send.expires')}
        description={t('signing.send.expiresHint', { max: SIGNING_LIMITS.maxExpiresInDays })}
        min={1}
        max={SIGNING_LIMITS.maxExpiresInDays}
        allowDecimal={false}
        allowNegative={false}
        value={value.expiresInDays}
        error={error('expiresInDays')}
        onChange={(days) => onChange({ ...value, expiresInDays: days }, 'expiresInDays')}
        w={{ base: '100%', sm: 220 }}
      />
      <Checkbox label={t('signing.send.requireSmsCode')} description={t('signing.send.requireSmsCodeHint')} checked={value.requireSmsCode} onChange={(event) => onChange({ ...value, requireSmsCode: event.currentTarget.checked }, 'requireSmsCode')} />
      <Textarea label={t('signing.send.message')} rows={3} value={value.message} error={error('message')} onChange={(event) => onChange({ ...value, message: event.currentTarget.value }, 'message')} />
    </Stack>
  )
}
