import type { SignerView, SigningField } from '@offerbook/domain/signing'

/** A signer's view as the API would answer it, for component tests. */
export function testSignerView(overrides: { packet?: Partial<SignerView['packet']>; signer?: Partial<SignerView['signer']>; fields?: SigningField[]; canDownload?: boolean } = {}): SignerView {
  return {
    packet: {
      id: 'packet-1',
      kind: 'offer',
      offerId: 'offer-1',
      title: 'Purchase and Sale Agreement - 120 Maple Ave',
      status: 'sent',
      address: '120 Maple Ave, Franklin, TN 37064',
      senderName: 'Sam Seller',
      expiresAt: '2026-12-02T12:00:00.000Z',
      completedAt: null,
      voidReason: null,
      pages: [
        { width: 612, height: 792 },
        { width: 612, height: 792 },
      ],
      ...overrides.packet,
    },
    signer: {
      id: 'signer-1',
      name: 'Bea Buyer',
      email: 'bea@example.com',
      role: 'buyer',
      status: 'pending',
      canSignNow: true,
      consentedAt: '2026-11-25T10:00:00.000Z',
      needsCode: false,
      codeVerified: false,
      phoneHint: null,
      signedAt: null,
      ...overrides.signer,
    },
    fields: overrides.fields ?? testFields(),
    canDownload: overrides.canDownload ?? false,
  }
}

const field = (id: string, type: SigningField['type'], page: number, y: number, extra: Partial<SigningField> = {}): SigningField => ({
  id,
  signerId: 'signer-1',
  type,
  page,
  x: 0.1,
  y,
  width: 0.3,
  height: 0.05,
  required: true,
  label: '',
  value: null,
  ...extra,
})

/** Initials on page 1; a signature, the date and the printed name on page 2 (the signature page). */
export function testFields(): SigningField[] {
  return [field('f-initials', 'initials', 0, 0.9), field('f-signature', 'signature', 1, 0.2), field('f-date', 'date-signed', 1, 0.3), field('f-name', 'full-name', 1, 0.35)]
}

export { field as testField }
