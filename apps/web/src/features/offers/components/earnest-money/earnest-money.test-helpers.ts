import type { EarnestMoneyView } from '@offerbook/domain/earnest-money'

/** A bound contract's earnest money before anything happened: the holder named, no link, no receipt. */
export const NO_EARNEST_MONEY: EarnestMoneyView = {
  bound: true,
  canAct: true,
  holder: { kind: 'title-company', name: 'Volunteer Title', address: '1 Main St, Nashville, TN 37201' },
  amountDue: 5000,
  links: [],
  receipt: null,
  request: null,
  clock: null,
  release: null,
  today: '2026-01-14',
}
