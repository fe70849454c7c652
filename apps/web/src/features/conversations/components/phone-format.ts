// A chip is checked by the domain's phone rule, as the shared phone input and the API check a number.
import { toE164 } from '@offerbook/domain/phone'

export { formatPhone } from '@offerbook/domain/phone'

/** The phone chips' state: the numbers added (E.164), the text being typed, and whether it was refused. */
export type PhoneChipsValue = { phones: string[]; draft: string; invalid: boolean }

export const EMPTY_PHONE_CHIPS: PhoneChipsValue = { phones: [], draft: '', invalid: false }

/**
 * Adds what was typed: several numbers may be pasted at once, separated by commas, semicolons or
 * new lines. Valid ones become chips (each number once); the rest stay in the field, refused.
 */
export function commitDraft({ phones, draft }: PhoneChipsValue): PhoneChipsValue {
  const entries = draft
    .split(/[,;\n]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const next = [...phones]
  const refused: string[] = []
  for (const entry of entries) {
    const e164 = toE164(entry)
    if (e164 === null) refused.push(entry)
    else if (!next.includes(e164)) next.push(e164)
  }
  return { phones: next, draft: refused.join(', '), invalid: refused.length > 0 }
}

/** Chips from numbers given by the opener (a card's phone, a prefill): the invalid ones wait in the field. */
export function chipsFrom(numbers: readonly string[]): PhoneChipsValue {
  return commitDraft({ phones: [], draft: numbers.join(', '), invalid: false })
}
