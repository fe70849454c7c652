import { describe, expect, it } from 'vitest'
import { messageText } from './messages'
import type { SigningFieldInput } from './signing'
import { ReasonSchema, SendFormPacketSchema, SignerInputSchema, SigningFieldInputSchema } from './signing'
import type { ChainEvent } from './signing-chain'
import { canonicalJson, CHAIN_GENESIS, chainHash, firstBrokenLink } from './signing-chain'
import type { FieldProblem } from './signing-rules'
import {
  allSigned,
  fieldProblems,
  fieldVisitOrder,
  formDocumentLabel,
  phoneHint,
  placeOfferFields,
  SIGNATURE_PAGE_LAYOUT,
  signaturePageCount,
  signerPagePath,
  signerProblems,
  signersAbleToSign,
} from './signing-rules'

/** The problems with their English texts, which the spec words. */
const inEnglish = (problems: FieldProblem[]) => problems.map((problem) => ({ ...problem, message: messageText(problem.key, problem.params) }))

/** The chain takes the platform's SHA-256; any deterministic digest shows the chaining (this is FNV-1a, 64 bits, as hex). */
function sha256(text: string): string {
  let hash = 0xcbf29ce484222325n
  for (const char of text) {
    hash ^= BigInt(char.codePointAt(0) ?? 0)
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn
  }
  return hash.toString(16).padStart(16, '0')
}

describe('placeOfferFields: the offer packet is signed where a person expects', () => {
  it('puts each signer’s initials in the footer of every content page, side by side, and never off the page', () => {
    const fields = placeOfferFields(3, ['0', '1'])
    const initials = fields.filter((field) => field.type === 'initials')
    expect(initials).toHaveLength(6)
    for (const page of [0, 1, 2]) {
      const onPage = initials.filter((field) => field.page === page)
      expect(onPage.map((field) => field.signerKey).sort()).toEqual(['0', '1'])
      const [a, b] = onPage
      // Side by side: no overlap.
      expect(a!.x + a!.width <= b!.x || b!.x + b!.width <= a!.x).toBe(true)
    }
    for (const field of fields) {
      expect(field.x).toBeGreaterThanOrEqual(0)
      expect(field.y).toBeGreaterThanOrEqual(0)
      expect(field.x + field.width).toBeLessThanOrEqual(1)
      expect(field.y + field.height).toBeLessThanOrEqual(1)
      expect(SigningFieldInputSchema.safeParse(field).success).toBe(true)
    }
  })

  it('gives every signer a signature, printed name and date block on the signature page, one below the other', () => {
    const fields = placeOfferFields(2, ['0', '1', '2'])
    const signatures = fields.filter((field) => field.type === 'signature')
    expect(signatures.map((field) => [field.signerKey, field.page])).toEqual([
      ['0', 2],
      ['1', 2],
      ['2', 2],
    ])
    expect(signatures[1]!.y - signatures[0]!.y).toBeCloseTo(SIGNATURE_PAGE_LAYOUT.blockHeight)
    for (const key of ['0', '1', '2']) {
      const types = fields.filter((field) => field.signerKey === key && field.page === 2).map((field) => field.type)
      expect(types.sort()).toEqual(['date-signed', 'full-name', 'signature'])
    }
  })

  it('continues on a second signature page after five signers', () => {
    expect(signaturePageCount(5)).toBe(1)
    expect(signaturePageCount(6)).toBe(2)
    const fields = placeOfferFields(1, ['0', '1', '2', '3', '4', '5'])
    expect(fields.find((field) => field.signerKey === '5' && field.type === 'signature')?.page).toBe(2)
    expect(fields.find((field) => field.signerKey === '4' && field.type === 'signature')?.page).toBe(1)
  })
})

describe('fields placed by the sender', () => {
  const field = (overrides: Partial<SigningFieldInput> = {}) => ({ signerKey: '0', type: 'signature' as const, page: 0, x: 0.1, y: 0.1, width: 0.3, height: 0.05, ...overrides })

  it('refuses a field that reaches past the page edge, on the dimension that does', () => {
    const result = SigningFieldInputSchema.safeParse(field({ x: 0.9, width: 0.2 }))
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ path: ['width'], message: 'signing.fieldOffPage' })
    expect(messageText('signing.fieldOffPage')).toBe('The field must be inside the page')
    expect(SigningFieldInputSchema.safeParse(field({ y: -0.01 })).success).toBe(false)
    expect(SigningFieldInputSchema.safeParse(field({ x: 0.7, width: 0.3 })).success).toBe(true)
  })

  it('names a page the document does not have, a signer not in the packet, and a signer with no signature field', () => {
    const fields = [field({ page: 4 }), field({ signerKey: '7', type: 'text' })]
    expect(inEnglish(fieldProblems(SendFormPacketSchema.shape.fields.parse(fields), { pageCount: 2, signerKeys: ['0', '1'] }))).toEqual([
      { path: 'fields.0.page', key: 'signing.fieldPageMissing', message: 'The field is on a page the document does not have' },
      { path: 'fields.1.signerKey', key: 'signing.fieldSignerMissing', message: 'The field belongs to a signer who is not in the packet' },
      { path: 'signers.1', key: 'signing.signerWithoutSignature', message: 'Each signer needs at least one signature field' },
    ])
  })

  it('visits a signer’s fields page by page, top to bottom, then left to right', () => {
    const order = fieldVisitOrder([
      { id: 'c', page: 1, x: 0.1, y: 0.1 },
      { id: 'b', page: 0, x: 0.6, y: 0.5 },
      { id: 'a', page: 0, x: 0.1, y: 0.5 },
      { id: 'first', page: 0, x: 0.9, y: 0.2 },
    ])
    expect(order.map((item) => item.id)).toEqual(['first', 'a', 'b', 'c'])
  })
})

describe('signers', () => {
  const signer = (email: string, phone = '') => ({ name: 'Ana Buyer', email, phone, role: 'buyer' as const })

  it('needs its own email for each signer, and a phone from each when a texted code is required', () => {
    expect(inEnglish(signerProblems([signer('a@example.com'), signer('A@example.com ')], { requireSmsCode: false }))).toEqual([
      { path: 'signers.1.email', key: 'signing.duplicateSignerEmail', message: 'Each signer needs their own email address' },
    ])
    expect(inEnglish(signerProblems([signer('a@example.com', '(615) 555-0123'), signer('b@example.com')], { requireSmsCode: true }))).toEqual([
      { path: 'signers.1.phone', key: 'signing.phoneRequiredForCode', message: 'A phone number is needed to send the signer a code' },
    ])
  })

  it('lets everyone sign at once in parallel, and only the next one in a sequence', () => {
    const signers = [
      { id: 'a', position: 0, status: 'signed' as const },
      { id: 'b', position: 1, status: 'pending' as const },
      { id: 'c', position: 2, status: 'pending' as const },
    ]
    expect(signersAbleToSign('parallel', signers)).toEqual(['b', 'c'])
    expect(signersAbleToSign('sequential', signers)).toEqual(['b'])
    expect(signersAbleToSign('sequential', [...signers].reverse())).toEqual(['b'])
  })

  it('stops everyone once one signer declined, and completes only when all signed', () => {
    const signers = [
      { id: 'a', position: 0, status: 'declined' as const },
      { id: 'b', position: 1, status: 'pending' as const },
    ]
    expect(signersAbleToSign('parallel', signers)).toEqual([])
    expect(allSigned(signers)).toBe(false)
    expect(allSigned([{ status: 'signed' }, { status: 'signed' }])).toBe(true)
    expect(allSigned([])).toBe(false)
  })

  it('shows only the last four digits of a phone', () => {
    expect(phoneHint('+16155550123')).toBe('•••0123')
    expect(phoneHint(null)).toBeNull()
  })

  it('links the offer packet at /sign/{offerId}/{signerId} and a form at /form-sign/{documentId}/{signerId}', () => {
    expect(signerPagePath({ kind: 'offer', id: 'p', offerId: 'o' }, 's', 'a+b')).toBe('/sign/o/s?token=a%2Bb')
    expect(signerPagePath({ kind: 'form', id: 'p', offerId: 'o' }, 's', 't')).toBe('/form-sign/p/s?token=t')
  })

  it("labels a fully signed form 'form approved' and a declined one 'form declined' (spec section 3)", () => {
    expect(formDocumentLabel('completed')).toBe('form approved')
    expect(formDocumentLabel('declined')).toBe('form declined')
    expect(formDocumentLabel('sent')).toBeNull()
  })
})

describe('typed text', () => {
  it('refuses NUL and a lone surrogate with one clear message, and keeps accents, emoji and other scripts', () => {
    const nameIssue = (name: string) => SignerInputSchema.safeParse({ name, email: 'ana@example.com', role: 'buyer' }).error?.issues[0]?.message
    expect(nameIssue('Ana\u0000Buyer')).toBe('common.unstorableText')
    expect(nameIssue('Ana \uD83D Buyer')).toBe('common.unstorableText')
    expect(ReasonSchema.safeParse({ reason: '\uDE00 no' }).error?.issues[0]?.message).toBe('common.unstorableText')
    for (const fine of ['José Núñez', 'Ana 😀 Buyer', '山田 太郎']) expect(nameIssue(fine)).toBeUndefined()
  })
})

describe('the audit chain', () => {
  const event = (seq: number, details: Record<string, unknown> = {}): ChainEvent => ({
    packetId: 'p1',
    seq,
    type: seq === 1 ? 'created' : 'viewed',
    at: `2026-11-25T10:0${seq}:00.000Z`,
    signerId: null,
    actorName: 'Lena Listing',
    ip: '127.0.0.1',
    userAgent: 'test',
    details,
  })

  function chain(events: ChainEvent[]) {
    let previous = CHAIN_GENESIS
    return events.map((body) => {
      const hash = chainHash(previous, body, sha256)
      const row = { ...body, previousHash: previous, hash }
      previous = hash
      return row
    })
  }

  it('hashes the same event the same way whatever the order of its keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}')
    expect(chainHash(CHAIN_GENESIS, event(1, { x: 1, y: 2 }), sha256)).toBe(chainHash(CHAIN_GENESIS, { ...event(1), details: { y: 2, x: 1 } }, sha256))
  })

  it('makes each hash depend on the one before, so a changed or removed row breaks the chain from there', () => {
    const rows = chain([event(1), event(2), event(3)])
    expect(firstBrokenLink(rows, sha256)).toBeNull()
    expect(rows[1]!.previousHash).toBe(rows[0]!.hash)

    const edited = rows.map((row) => (row.seq === 2 ? { ...row, details: { note: 'changed later' } } : row))
    expect(firstBrokenLink(edited, sha256)).toBe(2)

    const removed = rows.filter((row) => row.seq !== 2)
    expect(firstBrokenLink(removed, sha256)).toBe(3)
  })
})
