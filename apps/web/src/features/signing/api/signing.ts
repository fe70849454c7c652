import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OfferSigning, PacketView, SendFormPacket, SendOfferPacket, VerifyResult } from '@offerbook/domain/signing'
import { API_BASE, apiClient } from '../../../shared/api-client'
import { downloadApiFile } from '../../../shared/download-file'
import { getAccessToken } from '../../../shared/session'
import { signingKeys } from '../../../shared/query-keys'

/** The parties' calls about electronic signing (decision 016): the offer's packets, form documents, verify. */


const offerPath = (offerId: string) => `/offers/${encodeURIComponent(offerId)}/signing`
const packetPath = (packetId: string) => `/signing/packets/${encodeURIComponent(packetId)}`

export async function getOfferSigning(offerId: string): Promise<OfferSigning> {
  return apiClient.get<OfferSigning>(offerPath(offerId))
}

/** While a packet is being sealed, its card asks again until the sealed PDF is ready. */
const COMPLETING_POLL_MS = 4000

export function offerSigningQuery(offerId: string) {
  return queryOptions({
    queryKey: signingKeys.offer(offerId),
    queryFn: () => getOfferSigning(offerId),
    refetchInterval: (query) => (query.state.data?.packets.some((packet) => packet.status === 'completing') ? COMPLETING_POLL_MS : false),
  })
}

export function useOfferSigning(offerId: string) {
  return useQuery(offerSigningQuery(offerId))
}

export async function sendOfferPacket(offerId: string, body: SendOfferPacket): Promise<PacketView> {
  const { packet } = await apiClient.post<{ packet: PacketView }>(offerPath(offerId), body)
  return packet
}

/** Uploads a form (multipart field `file`); the answer is a draft packet whose fields the sender places. */
export async function uploadFormDocument(offerId: string, file: File): Promise<PacketView> {
  const { packet } = await apiClient.post<{ packet: PacketView }>(`${offerPath(offerId)}/documents`, { file }, { formData: true })
  return packet
}

export async function getPacket(packetId: string): Promise<PacketView> {
  const { packet } = await apiClient.get<{ packet: PacketView }>(packetPath(packetId))
  return packet
}

export async function sendFormPacket(packetId: string, body: SendFormPacket): Promise<PacketView> {
  const { packet } = await apiClient.post<{ packet: PacketView }>(`${packetPath(packetId)}/send`, body)
  return packet
}

export async function deletePacket(packetId: string): Promise<void> {
  await apiClient.delete(packetPath(packetId))
}

export async function remindPacket(packetId: string): Promise<PacketView> {
  const { packet } = await apiClient.post<{ packet: PacketView }>(`${packetPath(packetId)}/remind`)
  return packet
}

export async function voidPacket(packetId: string, reason: string): Promise<PacketView> {
  const { packet } = await apiClient.post<{ packet: PacketView }>(`${packetPath(packetId)}/void`, { reason })
  return packet
}

/** The PDF before signing, for the placement preview; fetched by pdf.js with the session's bearer token. */
export function packetOriginalUrl(packetId: string): string {
  return `${API_BASE}${packetPath(packetId)}/original`
}

export function authHeaders(): Record<string, string> {
  const token = getAccessToken()
  return token ? { Authorization: `Bearer ${token}` } : {}
}

/** A file name made of plain characters, for when the server names none. */
function safeFilename(title: string, suffix: string): string {
  const base = title.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'document'
  return `${base}${suffix}`
}

/** Fetches the sealed PDF with the session (a plain link would carry none) and saves it. */
export async function downloadSignedPdf(packet: Pick<PacketView, 'id' | 'title'>): Promise<void> {
  await downloadApiFile(`${packetPath(packet.id)}/signed`, { headers: authHeaders(), fallbackName: safeFilename(packet.title, '-signed.pdf') })
}

/** Public: whether a file with this SHA-256 was signed here. The visitor need not be signed in. */
export async function verifyHash(sha256: string): Promise<VerifyResult> {
  return apiClient.post<VerifyResult>('/verify', { sha256 }, { redirectOnUnauthorized: false })
}

/** Public: the file itself, so the server can look for our seal in it. */
export async function verifyFile(file: File): Promise<VerifyResult> {
  return apiClient.post<VerifyResult>('/verify', { file }, { formData: true, redirectOnUnauthorized: false })
}

/** Puts a packet an API call answered into the offer's list, and asks for the list again. */
function usePutPacket(offerId: string) {
  const queryClient = useQueryClient()
  return (packet: PacketView) => {
    queryClient.setQueryData<OfferSigning>(signingKeys.offer(offerId), (current) => {
      if (!current) return current
      const others = current.packets.filter((item) => item.id !== packet.id)
      return { ...current, packets: [packet, ...others] }
    })
    queryClient.setQueryData(signingKeys.packet(packet.id), packet)
    void queryClient.invalidateQueries({ queryKey: signingKeys.offer(offerId) })
  }
}

export function useSendOfferPacket(offerId: string) {
  const put = usePutPacket(offerId)
  return useMutation({ mutationFn: (body: SendOfferPacket) => sendOfferPacket(offerId, body), onSuccess: put })
}

export function useUploadFormDocument(offerId: string) {
  const put = usePutPacket(offerId)
  return useMutation({ mutationFn: (file: File) => uploadFormDocument(offerId, file), onSuccess: put })
}

export function useSendFormPacket(offerId: string, packetId: string) {
  const put = usePutPacket(offerId)
  return useMutation({ mutationFn: (body: SendFormPacket) => sendFormPacket(packetId, body), onSuccess: put })
}

export function useRemindPacket(offerId: string) {
  const put = usePutPacket(offerId)
  return useMutation({ mutationFn: (packetId: string) => remindPacket(packetId), onSuccess: put })
}

export function useVoidPacket(offerId: string) {
  const put = usePutPacket(offerId)
  return useMutation({ mutationFn: ({ packetId, reason }: { packetId: string; reason: string }) => voidPacket(packetId, reason), onSuccess: put })
}

export function useDeletePacket(offerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (packetId: string) => deletePacket(packetId),
    onSuccess: (_nothing, packetId) => {
      queryClient.setQueryData<OfferSigning>(signingKeys.offer(offerId), (current) => (current ? { ...current, packets: current.packets.filter((item) => item.id !== packetId) } : current))
      queryClient.removeQueries({ queryKey: signingKeys.packet(packetId) })
      void queryClient.invalidateQueries({ queryKey: signingKeys.offer(offerId) })
    },
  })
}
