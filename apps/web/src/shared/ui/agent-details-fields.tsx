import { TextInput } from '@mantine/core'
import { useTranslation } from '../i18n/translation'
import { MLS_ID_MAX_LENGTH, NRDS_LENGTH } from '@offerbook/domain/profile'
import { ZIP_CODE_MAX_LENGTH } from '@offerbook/domain/validation'
import type { FieldBinding } from '../use-schema-form'
import { PhoneInput } from './phone-input'

export const AGENT_DETAIL_FIELDS = ['nrds', 'sellerAgentId', 'phone', 'zipcode'] as const
export type AgentDetailField = (typeof AGENT_DETAIL_FIELDS)[number]

export type AgentDetailsFieldsProps = {
  /** The form's binding of each field (`form.field`): value, change and message. */
  field: (name: AgentDetailField) => FieldBinding<string>
  /** Where the labels live: each has nrds, mlsId, mlsIdHint, phone and zipcode. */
  texts: 'accounts.onboarding.details' | 'accounts.profile.details'
  /** An agent gives an NRDS number and an MLS ID; others do not see them. */
  agent: boolean
  /** The phone and ZIP code are marked required (an agent's onboarding asks for them). */
  contactRequired?: boolean
  /** The NRDS number and MLS ID come first (onboarding), or after the phone and ZIP code (the profile). */
  agentFirst?: boolean
}

/**
 * A user's details as a licensed agent and as a contact: NRDS number, MLS ID, phone and ZIP code,
 * with the domain's limits (nine digits, the MLS ID's and ZIP+4's lengths, the phone rule of the
 * shared phone input), the same wherever they are asked for.
 */
export function AgentDetailsFields({ field, texts, agent, contactRequired = false, agentFirst = false }: AgentDetailsFieldsProps) {
  const { t } = useTranslation()
  const ids = agent && (
    <>
      <TextInput label={t(`${texts}.nrds`)} name="nrds" inputMode="numeric" maxLength={NRDS_LENGTH} {...field('nrds')} withAsterisk />
      <TextInput
        label={t(`${texts}.mlsId`)}
        description={t(`${texts}.mlsIdHint`)}
        name="sellerAgentId"
        autoCapitalize="characters"
        maxLength={MLS_ID_MAX_LENGTH}
        {...field('sellerAgentId')}
        withAsterisk
      />
    </>
  )
  const phone = field('phone')
  const contact = (
    <>
      <PhoneInput label={t(`${texts}.phone`)} name="phone" value={phone.value} onChange={phone.onChange} error={phone.error} required={contactRequired} />
      <TextInput
        label={t(`${texts}.zipcode`)}
        name="zipcode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={ZIP_CODE_MAX_LENGTH}
        {...field('zipcode')}
        withAsterisk={contactRequired}
      />
    </>
  )
  return agentFirst ? (
    <>
      {ids}
      {contact}
    </>
  ) : (
    <>
      {contact}
      {ids}
    </>
  )
}
