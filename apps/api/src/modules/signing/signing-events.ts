import { createHash, randomBytes, randomInt } from 'node:crypto'
import type { SigningEventType } from '@offerbook/domain/signing'
import type { ChainEvent } from '@offerbook/domain/signing-chain'
import { CHAIN_GENESIS, chainHash } from '@offerbook/domain/signing-chain'
import type { Db } from '../../db/client'
import { publishSigningChanged } from '../events/events.service'
import type { EventRow } from './signing.queries'
import { insertEvent, lockPacketChainHead, setPacketChainHead } from './signing.queries'

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex')

/** A signer's link token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newSignerToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: sha256Hex(token) }
}

/** A six-digit SMS code and the hash kept of it (salted with the signer's id, so equal codes hash apart). */
export function newSigningCode(signerId: string): { code: string; hash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  return { code, hash: hashSigningCode(signerId, code) }
}

export const hashSigningCode = (signerId: string, code: string): string => sha256Hex(`${signerId}:${code}`)

/** Who did it and from where; null for the system (the jobs). */
export type EventSource = { signerId?: string | null; actorName?: string | null; ip?: string | null; userAgent?: string | null }

export function chainEventOf(row: Pick<EventRow, 'packetId' | 'seq' | 'type' | 'at' | 'signerId' | 'actorName' | 'ip' | 'userAgent' | 'details'>): ChainEvent {
  return {
    packetId: row.packetId,
    seq: row.seq,
    type: row.type as SigningEventType,
    at: row.at.toISOString(),
    signerId: row.signerId,
    actorName: row.actorName,
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details,
  }
}

/** The steps the parties' open pages follow live (decision 021): `status` is the step. */
const LIVE_SIGNING_EVENTS: ReadonlySet<SigningEventType> = new Set<SigningEventType>(['sent', 'viewed', 'signed', 'declined', 'completed', 'voided', 'expired'])

/**
 * Appends one event to the packet's chain, in the caller's transaction. The packet row is locked
 * here (again, if the caller already holds it), so two appends to one packet always chain in order.
 */
export async function appendEvent(tx: Db, packetId: string, type: SigningEventType, source: EventSource, { at, details = {} }: { at: Date; details?: Record<string, unknown> }): Promise<EventRow> {
  const head = await lockPacketChainHead(tx, packetId)
  if (!head) throw new Error(`signing packet ${packetId} not found for its event`)
  const previousHash = head.chainHead ?? CHAIN_GENESIS
  const seq = head.eventCount + 1
  const event: ChainEvent = {
    packetId,
    seq,
    type,
    at: at.toISOString(),
    signerId: source.signerId ?? null,
    actorName: source.actorName ?? null,
    ip: source.ip ?? null,
    userAgent: source.userAgent ?? null,
    details,
  }
  const hash = chainHash(previousHash, event, sha256Hex)
  // The JSON round trip keeps what is stored exactly what was hashed (no undefined, no Dates).
  const storedDetails = JSON.parse(JSON.stringify(details)) as Record<string, unknown>
  const row = await insertEvent(tx, { packetId, seq, type, signerId: event.signerId, actorName: event.actorName, ip: event.ip, userAgent: event.userAgent, details: storedDetails, at, previousHash, hash })
  await setPacketChainHead(tx, packetId, { hash, seq })
  if (LIVE_SIGNING_EVENTS.has(type)) await publishSigningChanged(tx, packetId, type)
  return row
}
