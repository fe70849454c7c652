import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AnswerRepairs, ContractAmendments, DraftAmendmentInput, ProposeRepairs } from '@offerbook/domain/contract-amendments'
import { apiClient } from '../../../shared/api-client'
import { offerKeys, signingKeys } from '../../../shared/query-keys'

/** A bound contract's amendments and repair proposals (decision 066). */

const base = (id: string) => `/offers/${encodeURIComponent(id)}`

export function fetchAmendments(id: string): Promise<ContractAmendments> {
  return apiClient.get<ContractAmendments>(`${base(id)}/amendments`)
}

export function useAmendments(id: string, enabled = true) {
  return useQuery({ queryKey: offerKeys.amendments(id), queryFn: () => fetchAmendments(id), enabled })
}

/** After a change: the answer is the new list; the signing panel (a new packet) and the offer (its terms, its timeline) are read again. */
function useSettle(id: string) {
  const queryClient = useQueryClient()
  return (answer: ContractAmendments) => {
    queryClient.setQueryData(offerKeys.amendments(id), answer)
    void queryClient.invalidateQueries({ queryKey: signingKeys.offer(id) })
    void queryClient.invalidateQueries({ queryKey: offerKeys.timeline(id) })
  }
}

export function useDraftAmendment(id: string) {
  const settle = useSettle(id)
  return useMutation({ mutationFn: (body: DraftAmendmentInput) => apiClient.post<ContractAmendments>(`${base(id)}/amendments`, body), onSuccess: settle })
}

export function useProposeRepairs(id: string) {
  const settle = useSettle(id)
  return useMutation({ mutationFn: (body: Partial<ProposeRepairs> & Pick<ProposeRepairs, 'repairs'>) => apiClient.post<ContractAmendments>(`${base(id)}/repairs`, body), onSuccess: settle })
}

export function useAnswerRepairs(id: string) {
  const settle = useSettle(id)
  return useMutation({
    mutationFn: ({ proposalId, ...body }: Pick<AnswerRepairs, 'answer'> & Partial<Omit<AnswerRepairs, 'answer'>> & { proposalId: string }) =>
      apiClient.post<ContractAmendments>(`${base(id)}/repairs/${encodeURIComponent(proposalId)}/answer`, body),
    onSuccess: settle,
  })
}
