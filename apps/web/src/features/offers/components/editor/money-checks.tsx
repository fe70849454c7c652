import { createContext, useCallback, useContext, useMemo, useState } from 'react'
import type { MoneyCheck as MoneyField, MoneyWarning } from '@offerbook/domain/money-bounds'
import { offerMoneyWarnings } from '@offerbook/domain/money-bounds'
import type { OfferTerms } from '@offerbook/domain/offer'
import { moduleBeside } from '../../../../shared/module-beside'
import { InlineLoader } from '../../../../shared/ui/centered-loader'

/**
 * The offer editor's second look at its money (decision 037): the price against the list price and
 * the earnest money against the price. Each out-of-bounds sum is confirmed next to its field; the
 * confirmation holds for the figure confirmed, so changing it asks again. Sharing asks once more.
 */
export type MoneyChecks = {
  warnings: MoneyWarning[]
  isConfirmed: (field: MoneyField) => boolean
  confirm: (field: MoneyField, checked: boolean) => void
}

/** The dotted path of the field a warning is about. */
export const moneyFieldPath = (field: MoneyField) => (field === 'earnestMoney' ? 'earnestMoney.amount' : field)
export const moneyCheckId = (field: MoneyField) => `offer-money-check-${field}`

export function useMoneyChecks(listPrice: number | null, terms: Pick<OfferTerms, 'purchasePrice' | 'earnestMoney'>): MoneyChecks {
  const [confirmed, setConfirmed] = useState<Partial<Record<MoneyField, number>>>({})
  const purchasePrice = terms.purchasePrice
  const earnestMoney = terms.earnestMoney.amount
  const warnings = useMemo(() => offerMoneyWarnings({ listPrice, purchasePrice, earnestMoney }), [listPrice, purchasePrice, earnestMoney])
  const isConfirmed = useCallback((field: MoneyField) => warnings.some((warning) => warning.field === field && confirmed[field] === warning.amount), [warnings, confirmed])
  const confirm = useCallback(
    (field: MoneyField, checked: boolean) => {
      const amount = warnings.find((warning) => warning.field === field)?.amount
      setConfirmed((current) => ({ ...current, [field]: checked ? amount : undefined }))
    },
    [warnings],
  )
  return useMemo(() => ({ warnings, isConfirmed, confirm }), [warnings, isConfirmed, confirm])
}

/** The confirmation's code (with Mantine's checkbox) comes beside the editor's first screen: few sums need it. */
const confirmation = moduleBeside(() => import('../../../../shared/ui/money-confirm'))

const MoneyChecksContext = createContext<MoneyChecks | null>(null)
export const MoneyChecksProvider = MoneyChecksContext.Provider

/** The confirmation next to a field, when its sum is out of bounds. */
export function OfferMoneyCheck({ field, disabled }: { field: MoneyField; disabled: boolean }) {
  const checks = useContext(MoneyChecksContext)
  const warning = checks?.warnings.find((entry) => entry.field === field)
  const module = confirmation.use()
  if (!checks || !warning) return null
  if (!module) return <InlineLoader />
  return <module.MoneyCheck warning={warning} id={moneyCheckId(field)} checked={checks.isConfirmed(field)} onChange={(checked) => checks.confirm(field, checked)} disabled={disabled} />
}
