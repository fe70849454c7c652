import { createHash } from 'node:crypto'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SealedRecord, VerifyResult } from '@offerbook/domain/signing'
import { SEALED_RECORD_FILENAME, SEALED_RECORD_FORMAT } from '@offerbook/domain/signing'
import { canonicalJson } from '@offerbook/domain/signing-chain'
import { renderAt } from '../../../test/render'
import { VerifyResultView } from './verify-result'

const record: SealedRecord = {
  format: SEALED_RECORD_FORMAT,
  packet: { id: 'p1', kind: 'offer', title: 'Offer for 12 Elm St', completedAt: '2030-01-06T15:00:00.000Z' },
  offer: { id: 'o1', version: 3, terms: { purchasePrice: 412000, earnestMoney: { amount: 5000 }, closingDate: '2030-02-14' } },
  signers: [{ name: 'Ben Buyer', role: 'buyer', signedAt: '2030-01-06T14:00:00.000Z' }],
  audit: { chainHead: 'h2', events: [{ seq: 1, type: 'sent', at: '2030-01-05T14:00:00.000Z', previousHash: 'g', hash: 'h1' }, { seq: 2, type: 'completed', at: '2030-01-06T15:00:00.000Z', previousHash: 'h1', hash: 'h2' }] },
}
const bytes = new TextEncoder().encode(canonicalJson(record))
const digest = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')

function intact(sha256: string): VerifyResult {
  return {
    status: 'intact',
    packet: { timeZone: 'America/Chicago', completedAt: '2030-01-06T15:00:00.000Z', signers: [{ name: 'Ben Buyer', role: 'buyer', signedAt: '2030-01-06T14:00:00.000Z' }], sealLevel: 'B-LTA', timestampedAt: '2030-01-06T15:00:02.000Z', record: { filename: SEALED_RECORD_FILENAME, sha256 } },
  }
}

const file = new Blob(['%PDF-1.7'])

describe('the record inside a verified file', () => {
  it('shows the signed terms read from the file when the record is the one sealed', async () => {
    renderAt(<VerifyResultView result={intact(digest(bytes))} file={file} readRecord={async () => new Uint8Array(bytes)} />)
    await waitFor(() => expect(screen.getByTestId('verify-record').getAttribute('data-record')).toBe('matches'))
    const shown = screen.getByTestId('verify-record')
    const table = within(shown).getByRole('table', { name: 'The terms inside this file' })
    expect(within(table).getByRole('row', { name: /Purchase price/ }).textContent).toContain('$412,000')
    expect(within(table).getByRole('row', { name: /Earnest money/ }).textContent).toContain('$5,000')
    expect(within(table).getByRole('row', { name: /Offer version/ }).textContent).toContain('3')
    expect(within(table).getByRole('row', { name: /Audit trail entries/ }).textContent).toContain('2')
    expect(within(shown).getByRole('link', { name: 'Download the record (JSON)' }).getAttribute('download')).toBe(SEALED_RECORD_FILENAME)
  })

  it('warns, and shows no terms, when one byte of the record differs from the one sealed', async () => {
    const changed = new Uint8Array(bytes)
    changed[20] = changed[20]! ^ 1
    renderAt(<VerifyResultView result={intact(digest(bytes))} file={file} readRecord={async () => changed} />)
    await waitFor(() => expect(screen.getByTestId('verify-record').getAttribute('data-record')).toBe('mismatch'))
    expect(screen.getByTestId('verify-record').textContent).toContain('does not match the one sealed')
    expect(screen.queryByRole('table', { name: 'The terms inside this file' })).toBeNull()
  })

  it('says so when the file carries no record', async () => {
    renderAt(<VerifyResultView result={intact(digest(bytes))} file={file} readRecord={async () => null} />)
    await waitFor(() => expect(screen.getByTestId('verify-record').getAttribute('data-record')).toBe('missing'))
    expect(screen.getByTestId('verify-record').textContent).toContain('This file carries no record of its terms.')
  })
})
