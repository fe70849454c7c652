import { vi } from 'vitest'
import type { OfferSigning, PacketSigner, PacketView } from '@offerbook/domain/signing'

/** A packet signer as the API answers it, for component tests. */
export function testSigner(rest: Partial<PacketSigner> = {}): PacketSigner {
  return {
    id: 'signer-1',
    name: 'Ben Buyer',
    email: 'buyer-simple@example.com',
    phoneHint: null,
    role: 'buyer',
    position: 0,
    status: 'pending',
    canSignNow: true,
    viewedAt: null,
    consentedAt: null,
    signedAt: null,
    declinedAt: null,
    declineReason: null,
    lastRemindedAt: null,
    ...rest,
  }
}

export function testPacket(rest: Partial<PacketView> = {}): PacketView {
  return {
    id: 'packet-1',
    kind: 'offer',
    offerId: 'offer-1',
    title: 'Offer to Purchase, 120 Maple Ave',
    status: 'sent',
    order: 'parallel',
    requireSmsCode: false,
    createdByName: 'Lena Listing',
    createdAt: '2030-01-05T15:00:00.000Z',
    sentAt: '2030-01-05T15:00:00.000Z',
    expiresAt: '2030-01-12T15:00:00.000Z',
    completedAt: null,
    voidedAt: null,
    voidReason: null,
    declinedAt: null,
    documents: [{ filename: 'offer.pdf', sha256: 'a'.repeat(64), pageCount: 3 }],
    pages: [
      { width: 612, height: 792 },
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ],
    signers: [testSigner(), testSigner({ id: 'signer-2', name: 'Sam Seller', email: 'seller@example.com', role: 'seller', position: 1 })],
    fields: [],
    events: [],
    signedSha256: null,
    actions: ['remind', 'void'],
    ...rest,
  }
}

export function testSigning(rest: Partial<OfferSigning> = {}): OfferSigning {
  return {
    packets: [],
    canSendOffer: true,
    suggestedSigners: [
      { name: 'Ben Buyer', email: 'buyer-simple@example.com', phone: '', role: 'buyer' },
      { name: 'Sam Seller', email: 'seller@example.com', phone: '', role: 'seller' },
    ],
    attachments: [{ id: 'att-1', filename: 'pre-approval.pdf', kind: 'pre-approval' }],
    ...rest,
  }
}

type Handler = (init: RequestInit) => Response | Promise<Response>

/** A fetch that answers `METHOD /path` from the table and fails anything else, recording each call. */
export function fetchRoutes(routes: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${init.method ?? 'GET'} ${url.pathname}`
    const handler = routes[key]
    if (!handler) return json(404, { statusCode: 404, code: 'NOT_FOUND', message: `No route ${key}` })
    return handler(init)
  })
  vi.stubGlobal('fetch', mock)
  const calls = (key: string) =>
    mock.mock.calls.filter(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key).map(([, init]) => init as RequestInit)
  return { mock, calls }
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body ?? 'null'))
}
