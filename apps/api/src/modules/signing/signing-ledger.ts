import type { Db } from '../../db/client'
import { findOffer, insertOfferEvent } from '../offers/offer-rows.service'
import type { PacketRow, SignerRow } from './signing.queries'

/** The signing steps the offer's own ledger records, beside the packet's chain (decision 030). */
type LedgerStep = 'signer-viewed' | 'signer-consented' | 'signer-signed' | 'form-sent' | 'form-completed'

/**
 * Writes one signing step on the offer record, in the caller's transaction: each signer's view,
 * consent and signature of any packet, and an uploaded form sent and completed. The offer's status
 * does not change; the entry names the packet (and the signer), so the record reads on its own.
 */
export async function recordOnOfferLedger(
  tx: Db,
  packet: Pick<PacketRow, 'id' | 'offerId' | 'kind' | 'title'>,
  type: LedgerStep,
  { at, signer = null, actor = null }: { at: Date; signer?: Pick<SignerRow, 'id' | 'name' | 'role'> | null; actor?: { uid: string; name: string } | null },
): Promise<void> {
  const offer = await findOffer(tx, packet.offerId)
  if (!offer) throw new Error(`the offer of signing packet ${packet.id} is gone`)
  await insertOfferEvent(tx, {
    offerId: offer.id,
    type,
    actorId: actor?.uid ?? null,
    actorName: signer?.name ?? actor?.name ?? null,
    fromStatus: offer.status,
    toStatus: offer.status,
    at,
    details: { packetId: packet.id, packetKind: packet.kind, title: packet.title, ...(signer ? { signerId: signer.id, role: signer.role } : {}) },
  })
}
