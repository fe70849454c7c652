import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MyTeam, TeamAccessInput, TeamInvitationPreview, TeamInvitationView, TeamInvite, TeamMembership, TeamMemberView } from '@offerbook/domain/teams'
import { apiClient } from '../../../shared/api-client'
import { listingKeys, offerKeys, teamKeys } from '../../../shared/query-keys'


/** A refusal (a bad designation, an address already on a team) is told where it happened: the page stays. */
const STAY = { redirectOnForbidden: false } as const

export function useMyTeam() {
  return useQuery({ queryKey: teamKeys.mine(), queryFn: () => apiClient.get<MyTeam>('/team') })
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: teamKeys.preview(token),
    queryFn: () => apiClient.post<TeamInvitationPreview>('/team/invitations/preview', { token }),
    enabled: token !== '',
    retry: false,
  })
}

/** Every change refreshes the team, the memberships, and the lists a team changes (My Listings, My Offers). */
function useTeamMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: listingKeys.all }),
        queryClient.invalidateQueries({ queryKey: offerKeys.mineAll() }),
      ])
    },
  })
}

export const useInvite = () => useTeamMutation((input: TeamInvite) => apiClient.post<TeamInvitationView>('/team/invitations', input, STAY))
export const useRevokeInvitation = () => useTeamMutation((id: string) => apiClient.delete<null>(`/team/invitations/${encodeURIComponent(id)}`, undefined, STAY))
export const useResendInvitation = () => useTeamMutation((id: string) => apiClient.post<TeamInvitationView>(`/team/invitations/${encodeURIComponent(id)}/resend`, undefined, STAY))
export const useChangeAccess = () =>
  useTeamMutation(({ memberId, input }: { memberId: string; input: TeamAccessInput }) => apiClient.put<TeamMemberView>(`/team/members/${encodeURIComponent(memberId)}`, input, STAY))
export const useRemoveMember = () => useTeamMutation((memberId: string) => apiClient.delete<null>(`/team/members/${encodeURIComponent(memberId)}`, undefined, STAY))
export const useLeaveTeam = () => useTeamMutation((leaderId: string) => apiClient.delete<null>(`/team/memberships/${encodeURIComponent(leaderId)}`, undefined, STAY))
export const useAcceptInvitation = () => useTeamMutation((token: string) => apiClient.post<TeamMembership>('/team/invitations/accept', { token }, STAY))
export const useDeclineInvitation = () => useTeamMutation((token: string) => apiClient.post<null>('/team/invitations/decline', { token }, STAY))
