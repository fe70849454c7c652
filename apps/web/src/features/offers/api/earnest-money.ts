import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DisbursementRequestInput, EarnestMoneyView, HolderAttestation, HolderLinkInput, HolderPage, ReleaseInput, TrustLogPage } from '@offerbook/domain/earnest-money'
import { apiClient } from '../../../shared/api-client'
import { downloadApiFile } from '../../../shared/download-file'
import { getAccessToken } from '../../../shared/session'

/** The earnest money trust record (issue #35 item 4, decision 070): a contract's section, the holder's page, the trust log. */

export const TRUST_LOG_PAGE_SIZE = 20

export const earnestMoneyKeys = {
  one: (offerId: string) => ['earnest-money', offerId] as const,
  holder: (token: string) => ['earnest-money-holder', token] as const,
  log: (page: number) => ['trust-log', page] as const,
}

const offerPath = (offerId: string) => `/offers/${encodeURIComponent(offerId)}/earnest-money`
const withSession = (): Record<string, string> => {
  const token = getAccessToken()
  return token ? { Authorization: `Bearer ${token}` } : {}
}

export function useEarnestMoney(offerId: string) {
  return useQuery({ queryKey: earnestMoneyKeys.one(offerId), queryFn: () => apiClient.get<EarnestMoneyView>(offerPath(offerId)) })
}

/** A change answers with the section as it now is. */
function useChange<Input>(offerId: string, action: 'holder-link' | 'request' | 'release') {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: Input) => apiClient.post<EarnestMoneyView>(`${offerPath(offerId)}/${action}`, input),
    onSuccess: (view) => {
      client.setQueryData(earnestMoneyKeys.one(offerId), view)
      void client.invalidateQueries({ queryKey: ['trust-log'] })
    },
  })
}

export const useSendHolderLink = (offerId: string) => useChange<HolderLinkInput>(offerId, 'holder-link')
export const useRecordRequest = (offerId: string) => useChange<DisbursementRequestInput>(offerId, 'request')
export const useRecordRelease = (offerId: string) => useChange<ReleaseInput>(offerId, 'release')

export function downloadReceipt(offerId: string): Promise<void> {
  return downloadApiFile(`${offerPath(offerId)}/receipt`, { headers: withSession(), fallbackName: 'earnest-money-receipt.pdf' })
}

/** The holder's page reads its link once; a used or expired link is an answer, not something to retry. */
export function useHolderPage(token: string) {
  return useQuery({
    queryKey: earnestMoneyKeys.holder(token),
    queryFn: () => apiClient.post<HolderPage>('/earnest-money/holder/open', { token }, { redirectOnUnauthorized: false, redirectOnForbidden: false }),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  })
}

export function useAttestReceipt(token: string) {
  return useMutation({
    mutationFn: (attestation: HolderAttestation) => apiClient.post<{ amount: number; receivedOn: string }>('/earnest-money/holder/attest', { token, attestation }, { redirectOnUnauthorized: false, redirectOnForbidden: false }),
  })
}

export function useTrustLog(page: number) {
  return useQuery({ queryKey: earnestMoneyKeys.log(page), queryFn: () => apiClient.get<TrustLogPage>('/broker/trust-log', { page, pageSize: TRUST_LOG_PAGE_SIZE }), placeholderData: keepPreviousData })
}

export function downloadTrustLog(format: 'csv' | 'pdf'): Promise<void> {
  return downloadApiFile(`/broker/trust-log.${format}`, { headers: withSession(), fallbackName: `trust-log.${format}` })
}
