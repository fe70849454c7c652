import type { SigningEventType } from './signing'

/**
 * The audit chain of a signing packet (decision 016): each event's hash covers the previous hash and
 * the event, canonically, so a changed or removed event breaks every link after it.
 */

export type ChainEvent = {
  packetId: string
  seq: number
  type: SigningEventType
  at: string
  signerId: string | null
  actorName: string | null
  ip: string | null
  userAgent: string | null
  details: Record<string, unknown>
}

/** The genesis: what the first event's previous hash is. */
export const CHAIN_GENESIS = '0'.repeat(64)

/** JSON with the object keys sorted at every level, so the same event always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
}

/** What an event's hash is computed over: the previous hash and the event, canonically. */
export function chainInput(previousHash: string, event: ChainEvent): string {
  return `${previousHash}\n${canonicalJson(event)}`
}

/** The hash of an event given its predecessor's, with the SHA-256 (hex) of the caller's platform. */
export function chainHash(previousHash: string, event: ChainEvent, sha256Hex: (text: string) => string): string {
  return sha256Hex(chainInput(previousHash, event))
}

/** Checks a packet's events in order: each hash covers the one before. Returns the seq of the first broken link, or null. */
export function firstBrokenLink(events: readonly (ChainEvent & { previousHash: string; hash: string })[], sha256Hex: (text: string) => string): number | null {
  let previous = CHAIN_GENESIS
  for (const event of events) {
    const { previousHash, hash, ...body } = event
    if (previousHash !== previous || chainHash(previous, body, sha256Hex) !== hash) return event.seq
    previous = hash
  }
  return null
}
