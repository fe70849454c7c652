import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { SealingStatus } from '@offerbook/domain/sealing'
import { i18n } from '../../shared/i18n/i18n'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, json, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'

const api = accountApi()
preloadPages('admin-sealing')

const DAY = 86_400_000
const SUBJECT = 'CN=Offerbook document sealing, O=Offerbook'
const FINGERPRINT = 'AB:CD:'.repeat(15) + 'AB:CD'

function sealing(overrides: Partial<SealingStatus> = {}): SealingStatus {
  const validUntil = new Date(Date.now() + 3650 * DAY).toISOString()
  return {
    certificate: { subject: SUBJECT, issuer: SUBJECT, serial: '01A2B3', validFrom: '2026-11-30T12:00:00.000Z', validUntil, crlUrls: [], fingerprint: FINGERPRINT, selfSigned: true, source: 'generated' },
    certificateError: null,
    chain: [{ subject: SUBJECT, issuer: SUBJECT, serial: '01A2B3', validFrom: '2026-11-30T12:00:00.000Z', validUntil, crlUrls: [] }],
    tsas: [
      { url: 'http://tsa-one.example/tsr', lastAt: '2026-11-30T17:00:00.000Z', ok: false, tsaName: null, tsaExpiresAt: null, error: 'an answer that is not a timestamp response' },
      { url: 'http://tsa-two.example/tsr', lastAt: '2026-11-30T17:00:01.000Z', ok: true, tsaName: 'O=Example, CN=Example TSA', tsaExpiresAt: new Date(Date.now() + 30 * DAY).toISOString(), error: null },
      { url: 'http://tsa-three.example/tsr', lastAt: null, ok: null, tsaName: null, tsaExpiresAt: null, error: null },
    ],
    levels: { 'B-B': 2, 'B-T': 1, 'B-LT': 0, 'B-LTA': 5, none: 3 },
    archiveDue: 1,
    ...overrides,
  }
}

function openAsSuperAdmin(language: 'en-us' | 'es-es' = 'en-us') {
  api.signInAs(userWith({ uid: 'me', name: 'Sue Super', roles: ['SUPER_ADMIN'], language }))
  return renderRoutes(appRoutes(), '/admin/sealing')
}

describe('admin sealing page', () => {
  it('shows the certificate, the self-signed notice, the chain, each TSA with its last answer, and the packets per level', async () => {
    api.handlers['GET /api/admin/sealing'] = () => json(200, sealing())
    openAsSuperAdmin()

    const certificate = await screen.findByRole('table', { name: 'The sealing certificate' })
    expect(within(within(certificate).getByRole('rowheader', { name: 'Subject' }).closest('tr')!).getByText(SUBJECT)).toBeTruthy()
    expect(within(certificate).getByText(FINGERPRINT)).toBeTruthy()
    expect(within(certificate).getByText('Made by the server under DATA_DIR')).toBeTruthy()
    expect(screen.getByText('This certificate is self-signed')).toBeTruthy()
    expect(screen.getByText(/PDF readers show the signer of a sealed packet as not trusted/)).toBeTruthy()
    expect(screen.getByText(/Long-term validation \(PAdES B-LT and B-LTA\) needs a certificate from a certificate authority that publishes revocation data/)).toBeTruthy()
    // Ten years left: no expiry warning.
    expect(screen.queryByText('The sealing certificate expires soon')).toBeNull()

    const chain = screen.getByRole('table', { name: 'The certificate chain' })
    expect(within(chain).getByRole('rowheader', { name: SUBJECT })).toBeTruthy()
    expect(within(chain).getByText('None named')).toBeTruthy()

    const tsas = screen.getByRole('table', { name: 'Timestamp authorities and their last answers' })
    const rows = within(tsas).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['http://tsa-one.example/tsr', 'http://tsa-two.example/tsr', 'http://tsa-three.example/tsr'])
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy()
    expect(within(rows[0]!).getByText('an answer that is not a timestamp response')).toBeTruthy()
    expect(within(rows[1]!).getByText('Gave a timestamp')).toBeTruthy()
    expect(within(rows[1]!).getByText('O=Example, CN=Example TSA')).toBeTruthy()
    expect(within(rows[1]!).getByText('Expires in 30 days')).toBeTruthy()
    expect(within(rows[2]!).getByText('Not asked yet')).toBeTruthy()

    const levels = screen.getByRole('table', { name: 'Sealed packets per PAdES level' })
    expect(within(within(levels).getByRole('rowheader', { name: 'B-LTA (with a document timestamp)' }).closest('tr')!).getByText('5')).toBeTruthy()
    expect(within(within(levels).getByRole('rowheader', { name: 'None (sealed before PAdES)' }).closest('tr')!).getByText('3')).toBeTruthy()
    expect(screen.getByText('1 packet is due for the archive step (validation data and a document timestamp).')).toBeTruthy()

    // Beside the identity provider in the admin navigation, reached from the keyboard.
    const nav = screen.getByRole('navigation', { name: 'Admin pages' })
    const links = within(nav).getAllByRole('link').map((link) => link.textContent)
    expect(links.indexOf('Document seal')).toBe(links.indexOf('Identity provider') + 1)
    expect(within(nav).getByRole('link', { name: 'Document seal' }).getAttribute('aria-current')).toBe('page')
  })

  it('warns of a certificate that expires within 90 days, and says so when no TSA is configured', async () => {
    const soon = new Date(Date.now() + 20 * DAY + 3_600_000).toISOString()
    const base = sealing()
    api.handlers['GET /api/admin/sealing'] = () => json(200, sealing({ certificate: { ...base.certificate!, selfSigned: false, source: 'configured', validUntil: soon }, tsas: [] }))
    openAsSuperAdmin()
    expect(await screen.findByText('The sealing certificate expires soon')).toBeTruthy()
    expect(screen.getByText(/It expires in 21 days/)).toBeTruthy()
    expect(screen.queryByText('This certificate is self-signed')).toBeNull()
    expect(screen.getByText('No timestamp authority is configured')).toBeTruthy()
    expect(screen.getByText('Seals are PAdES B-B, with no trusted timestamp: the only time in a sealed packet is the server\'s own claim.')).toBeTruthy()
    expect(screen.getByText(/set SIGNING_TSA_URL to the address of one or more RFC 3161 timestamp authorities/)).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'Timestamp authorities and their last answers' })).toBeNull()
  })

  it('tells a certificate that cannot be opened, and a page that could not load, with Retry', async () => {
    let fail = true
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    api.handlers['GET /api/admin/sealing'] = async () => {
      await answered
      return fail ? apiError(500, 'INTERNAL', 'request.internal') : json(200, sealing({ certificate: null, certificateError: 'SIGNING_CERT_P12 cannot be opened with SIGNING_CERT_PASSPHRASE', chain: [] }))
    }
    openAsSuperAdmin()
    expect(await screen.findByLabelText('Loading the document seal')).toBeTruthy()
    answer()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('The document seal could not be loaded')).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('The sealing certificate cannot be opened')).toBeTruthy()
    expect(screen.getByText('SIGNING_CERT_P12 cannot be opened with SIGNING_CERT_PASSPHRASE')).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'The certificate chain' })).toBeNull()
  })

  it('shows in Spanish', async () => {
    api.handlers['GET /api/admin/sealing'] = () => json(200, sealing({ tsas: [] }))
    openAsSuperAdmin('es-es')
    await act(() => i18n.changeLanguage('es-es'))
    expect(await screen.findByText('Este certificado está autofirmado')).toBeTruthy()
    expect(screen.getByText('No hay ninguna autoridad de sellado de tiempo configurada')).toBeTruthy()
    expect(screen.getByText('1 paquete está pendiente del paso de archivo (datos de validación y sello de tiempo del documento).')).toBeTruthy()
  })
})
