import type { OfferSigning, PacketSigner, PacketView } from '@offerbook/domain/signing'
import type { FakeAnswer, FakeApi } from '../../../test/fake-api'
import { reply } from '../../../test/fake-api'

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
    title: 'Purchase and Sale Agreement, 120 Maple Ave',
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
    sealWaiting: null,
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

type Handler = (init: RequestInit) => FakeAnswer | Promise<FakeAnswer>

/** Declares the table's `METHOD /path` routes on the file's fake API; anything else fails the test. */
export function fetchRoutes(api: FakeApi, routes: Record<string, Handler>) {
  for (const [route, handler] of Object.entries(routes)) api.on(route, (request) => handler(request.init))
  const calls = (route: string) => api.calls(route).map((request) => request.init)
  return { calls }
}

/** A successful answer with a JSON body; an error answer is built by apiError (test/fake-api), with its key. */
export function json(status: number, body: unknown): FakeAnswer {
  return reply(body, status)
}

export function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body ?? 'null'))
}
