import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ROUTES } from '@offerbook/domain/route-access'
import type { VerifyResult } from '@offerbook/domain/signing'
import { renderAt } from '../../test/render'
import VerifyPage from './verify-page'

const route = ROUTES.find((item) => item.name === 'verify')
if (!route) throw new Error('the verify route is missing')

const SHA = 'ab'.repeat(32)
let answers: VerifyResult[]
let fetchMock: ReturnType<typeof vi.fn>

beforeEach(() => {
  answers = []
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url !== '/api/verify' || init.method !== 'POST') return new Response('{}', { status: 404 })
    const answer = answers.shift()
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  // The fingerprint comes from Web Crypto; here a fixed digest stands in for SHA-256.
  const digest = vi.fn(async () => new Uint8Array(32).fill(0xab).buffer)
  vi.stubGlobal('crypto', { ...globalThis.crypto, subtle: { digest } })
})
afterEach(() => vi.unstubAllGlobals())

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
    answers.push({ status: 'intact', packet: { timeZone: 'America/Chicago', completedAt: '2030-01-06T15:00:00.000Z', signers: [{ name: 'Ben Buyer', role: 'buyer', signedAt: '2030-01-06T14:00:00.000Z' }, { name: 'Sam Seller', role: 'seller', signedAt: '2030-01-06T15:00:00.000Z' }] } })
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
    expect(fetchMock).toHaveBeenCalledOnce()
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(JSON.parse(String(init.body))).toEqual({ sha256: SHA })
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
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit]
    expect(init.body).toBeInstanceOf(FormData)
    expect((init.body as FormData).get('file')).toBeInstanceOf(File)
  })

  it("stays 'Not signed here' when the file carries no seal of ours", async () => {
    answers.push({ status: 'unknown' }, { status: 'unknown' })
    renderAt(<VerifyPage route={route} params={{}} />)
    choose(pdf())
    const status = screen.getByRole('status')
    await userEvent.click(await within(status).findByRole('button', { name: "Check the file's seal" }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
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
    expect(fetchMock).not.toHaveBeenCalled()

    answers.push({ status: 'unknown' })
    choose(pdf('photo.png', 'image/png'))
    const status = screen.getByRole('status')
    expect(await within(status).findByText('Only a PDF can carry an Offerbook seal.')).toBeTruthy()
    expect(within(status).queryByRole('button', { name: "Check the file's seal" })).toBeNull()
  })
})
