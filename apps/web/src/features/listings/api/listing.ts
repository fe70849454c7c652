import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListingPatch, ListingSettingsPatch, ListingSummary, ListingWeighting, ManagedListing, Page, StandardStatus } from '@offerbook/domain/listing'
import { LISTING_LIMITS } from '@offerbook/domain/listing'
import { apiClient } from '../../../shared/api-client'
import { listingKeys } from '../../../shared/query-keys'

/** The calls of the add-listing wizard and of /my-properties/{id}: one listing as its managers see it. */


export async function getManagedListing(id: string): Promise<ManagedListing> {
  const { listing } = await apiClient.get<{ listing: ManagedListing }>(`/listings/${encodeURIComponent(id)}`)
  return listing
}

export function managedListingQuery(id: string) {
  return queryOptions({ queryKey: listingKeys.managed(id), queryFn: () => getManagedListing(id) })
}

export function useManagedListing(id: string | null) {
  return useQuery({ ...managedListingQuery(id ?? ''), enabled: id !== null })
}

export async function createListing(patch: ListingPatch): Promise<ManagedListing> {
  const { listing } = await apiClient.post<{ listing: ManagedListing }>('/listings', patch)
  return listing
}

export async function updateListing(id: string, patch: ListingPatch): Promise<ManagedListing> {
  const { listing } = await apiClient.patch<{ listing: ManagedListing }>(`/listings/${encodeURIComponent(id)}`, patch)
  return listing
}

export async function publishListing(id: string, status: Extract<StandardStatus, 'Active' | 'ComingSoon'> = 'Active'): Promise<ManagedListing> {
  const { listing } = await apiClient.post<{ listing: ManagedListing }>(`/listings/${encodeURIComponent(id)}/publish`, { StandardStatus: status })
  return listing
}

export async function updateListingSettings(id: string, patch: ListingSettingsPatch): Promise<ManagedListing> {
  const { listing } = await apiClient.patch<{ listing: ManagedListing }>(`/listings/${encodeURIComponent(id)}/settings`, patch)
  return listing
}

export async function updateListingWeighting(id: string, weighting: ListingWeighting): Promise<ManagedListing> {
  const { listing } = await apiClient.put<{ listing: ManagedListing }>(`/listings/${encodeURIComponent(id)}/weighting`, weighting)
  return listing
}

export async function deleteDraft(id: string): Promise<void> {
  await apiClient.delete(`/listings/${encodeURIComponent(id)}`)
}

/** Puts the listing an API call returned into the cache, so every tab shows the change. */
export function useSetManagedListing() {
  const queryClient = useQueryClient()
  return (listing: ManagedListing) => {
    queryClient.setQueryData(listingKeys.managed(listing.id), listing)
    void queryClient.invalidateQueries({ queryKey: listingKeys.mine() })
  }
}

export function useUpdateListing(id: string) {
  const setListing = useSetManagedListing()
  return useMutation({ mutationFn: (patch: ListingPatch) => updateListing(id, patch), onSuccess: setListing })
}

export function useUpdateListingSettings(id: string) {
  const setListing = useSetManagedListing()
  return useMutation({ mutationFn: (patch: ListingSettingsPatch) => updateListingSettings(id, patch), onSuccess: setListing })
}

export function useUpdateListingWeighting(id: string) {
  const setListing = useSetManagedListing()
  return useMutation({ mutationFn: (weighting: ListingWeighting) => updateListingWeighting(id, weighting), onSuccess: setListing })
}

/** The user's unfinished drafts (/add-listing lists them with 'Continue'); under listingKeys.mine(), so a saved draft refreshes them. */
export function myDraftsQuery() {
  return queryOptions({
    queryKey: listingKeys.drafts(),
    queryFn: () => apiClient.get<Page<ListingSummary>>('/listings/mine', { status: 'Incomplete', pageSize: LISTING_LIMITS.maxPageSize }),
  })
}

export function useMyDrafts() {
  return useQuery(myDraftsQuery())
}
