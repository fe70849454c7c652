import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { BrokerContractsPage } from '@offerbook/domain/broker-contracts'
import { apiClient } from '../../../shared/api-client'
import { teamKeys } from '../../../shared/query-keys'

export const BROKER_CONTRACTS_PAGE_SIZE = 10

/** A page of the brokerage's open contracts, at-risk first (GET /api/broker/contracts, decision 067). */
export function fetchBrokerContracts(page: number): Promise<BrokerContractsPage> {
  return apiClient.get<BrokerContractsPage>('/broker/contracts', { page, pageSize: BROKER_CONTRACTS_PAGE_SIZE })
}

/** States move with the clock, as the timeline's do: asked again every few minutes. */
export function useBrokerContracts(page: number, enabled: boolean) {
  return useQuery({ queryKey: teamKeys.brokerContracts(page), queryFn: () => fetchBrokerContracts(page), enabled, placeholderData: keepPreviousData, refetchInterval: 5 * 60_000 })
}
