import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ROUTES } from '@offerbook/domain/route-access'
import type { VerifyResult } from '@offerbook/domain/signing'
import { fakeApi, reply } from '../../test/fake-api'
import { renderAt } from '../../test/render'
import VerifyPage from './verify-page'

const route = ROUTES.find((item) => item.name === 'verify')
if (!route) throw new Error('the verify route is missing')

const SHA = 'ab'.repeat(32)
const api = fakeApi()
let answers: VerifyResult[]

beforeEach(() => {
  answers = []
  api.on('POST /api/verify', () => {
    const answer = answers.shift()
    if (!answer) throw new Error('the test has no more verify answers')
    return reply(answer)
  })
  // The fingerprint comes from Web Crypto; here a fixed digest stands in for SHA-256.
  const digest = vi.fn(async () => new Uint8Array(32).fill(0xab).buffer)
  vi.stubGlobal('crypto', { ...globalThis.crypto, subtle: { digest } })
})

function pdf(name = 'signed.pdf', type = 'application/pdf') {
  const file = new File(['%PDF-1.7 test'], name, { type })
  // jsdom's File may lack arrayBuffer; the page reads the bytes through it.
  if (!('arrayBuffer' in file)) Object.defineProperty(file, 'arrayBuffer', { value: async () => new TextEncoder().encode('%PDF-1.7 test').buffer })
  return file
}

function choose(file: File) {
  fireEvent.change(screen.getByTestId('verify-file-input'), { target: { files: [file] } })
}

describe('VerifyPage', () => {
  it('hashes the file in the browser, sends only the fingerprint, and shows an intact document with its signers', async () => {
    answers.push({ status: 'intact', packet: { timeZone: 'America/Chicago', completedAt: '2030-01-06T15:00:00.000Z', signers: [{ name: 'Ben Buyer', role: 'buyer', signedAt: '2030-01-06T14:00:00.000Z' }, { name: 'Sam Seller', role: 'seller', signedAt: '2030-01-06T15:00:00.000Z' }], sealLevel: 'B-T', timestampedAt: '2030-01-06T15:00:02.000Z' } })
    renderAt(<VerifyPage route={route} params={{}} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a signed document' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Choose a PDF' })).toBeTruthy()
    choose(pdf())

    const status = screen.getByRole('status')
    expect(await within(status).findByText('Intact')).toBeTruthy()
    expect(within(status).getByText('This document matches a document signed on Offerbook and has not changed since.')).toBeTruthy()
    expect(within(status).getByTestId('verify-sha256').textContent).toBe(SHA)
    const rows = within(within(status).getByRole('table')).getAllByRole('row')
    expect(rows[1]?.textContent).toMatch(/^Ben Buyer\s*Buyer/)
    expect(rows[2]?.textContent).toMatch(/^Sam Seller\s*Seller/)
    // The page has no property around it: every time names its zone, the property's from the answer.
    expect(within(status).getByText('Completed January 6, 2030, 9:00 AM CST')).toBeTruthy()
    expect(rows[1]?.textContent).toContain('January 6, 2030, 8:00 AM CST')
    expect(within(status).getByText('Seal: PAdES baseline B-T')).toBeTruthy()
    expect(within(status).getByText('Trusted timestamp: January 6, 2030, 9:00 AM CST')).toBeTruthy()
    expect(api.calls()).toHaveLength(1)
    expect(api.calls('POST /api/verify')[0]?.body).toEqual({ sha256: SHA })
    // jsdom has no layout, so axe judges everything but colour contrast.
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(violations.map((violation) => violation.id)).toEqual([])
  })

  it("shows 'Not signed here', and after the seal check a document changed after signing", async () => {
    answers.push({ status: 'unknown' }, { status: 'changed' })
    renderAt(<VerifyPage route={route} params={{}} />)
    const file = pdf()
    choose(file)
    const status = screen.getByRole('status')
    expect(await within(status).findByText('Not signed here')).toBeTruthy()
    await userEvent.click(within(status).getByRole('button', { name: "Check the file's seal" }))
    expect(await within(status).findByText('Changed after signing')).toBeTruthy()
    expect(within(status).getByText('This file carries an Offerbook seal, but it was changed after it was signed.')).toBeTruthy()
    const seal = api.calls()[1]
    expect(seal?.path).toBe('/api/verify')
    expect(seal?.body).toBeInstanceOf(FormData)
    expect((seal?.body as FormData).get('file')).toBeInstanceOf(File)
  })

  it("stays 'Not signed here' when the file carries no seal of ours", async () => {
    answers.push({ status: 'unknown' }, { status: 'unknown' })
    renderAt(<VerifyPage route={route} params={{}} />)
    choose(pdf())
    const status = screen.getByRole('status')
    await userEvent.click(await within(status).findByRole('button', { name: "Check the file's seal" }))
    await waitFor(() => expect(api.calls()).toHaveLength(2))
    expect(await within(status).findByText(/the file carries no Offerbook seal/)).toBeTruthy()
    expect(within(status).getByText('Not signed here')).toBeTruthy()
    expect(within(status).queryByRole('button', { name: "Check the file's seal" })).toBeNull()
  })

  it('refuses a file over 25 MB without sending anything, and offers no seal check for a file that is not a PDF', async () => {
    renderAt(<VerifyPage route={route} params={{}} />)
    const big = pdf('big.pdf')
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 })
    choose(big)
    expect(await screen.findByText('The file is larger than 25 MB')).toBeTruthy()
    expect(api.calls()).toHaveLength(0)

    answers.push({ status: 'unknown' })
    choose(pdf('photo.png', 'image/png'))
    const status = screen.getByRole('status')
    expect(await within(status).findByText('Only a PDF can carry an Offerbook seal.')).toBeTruthy()
    expect(within(status).queryByRole('button', { name: "Check the file's seal" })).toBeNull()
  })
})
