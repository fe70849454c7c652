import type { PacketKind, PacketSigner, PacketStatus, SigningOrder } from '@offerbook/domain/signing'
import { formDocumentLabel } from '@offerbook/domain/signing-rules'
import { WARNING_FILL } from '../../../shared/ui/warning-color'

/** Shade 8/9 under white text, so every badge reads at 4.5:1 or more (green 9 reads at 4.36, so a signed packet is teal). */
const STATUS_COLORS: Readonly<Record<PacketStatus, string>> = {
  draft: 'gray.8',
  sent: 'blue.9',
  completing: 'indigo.9',
  completed: 'teal.9',
  declined: 'red.9',
  voided: 'gray.8',
  expired: WARNING_FILL,
}

export function packetStatusColor(status: PacketStatus): string {
  return STATUS_COLORS[status]
}

/**
 * The i18n key of a packet's status. A form document that every signer signed, or that one declined,
 * takes the spec's labels ('form approved', 'form declined').
 */
export function packetStatusKey(kind: PacketKind, status: PacketStatus): string {
  if (kind === 'form') {
    const label = formDocumentLabel(status)
    if (label === 'form approved') return 'signing.status.formApproved'
    if (label === 'form declined') return 'signing.status.formDeclined'
  }
  return `signing.status.${status}`
}

export type SignerState = { key: 'signed' | 'declined' | 'waiting' | 'viewed' | 'pending' | 'stopped'; at: string | null; reason: string | null }

/** Where one signer is: signed, declined, waiting for an earlier signer, opened the link, or not yet. */
export function signerState(signer: PacketSigner, packet: { status: PacketStatus; order: SigningOrder }): SignerState {
  if (signer.status === 'signed') return { key: 'signed', at: signer.signedAt, reason: null }
  if (signer.status === 'declined') return { key: 'declined', at: signer.declinedAt, reason: signer.declineReason }
  if (packet.status !== 'sent') return { key: packet.status === 'draft' ? 'pending' : 'stopped', at: null, reason: null }
  if (!signer.canSignNow) return { key: 'waiting', at: null, reason: null }
  if (signer.viewedAt) return { key: 'viewed', at: signer.viewedAt, reason: null }
  return { key: 'pending', at: null, reason: null }
}
