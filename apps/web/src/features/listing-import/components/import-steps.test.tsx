import { useState } from 'react'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { ImportPreview, ImportRecordPreview } from '@offerbook/domain/listing-import'
import { renderAt } from '../../../test/render'
import { i18n } from '../../../shared/i18n/i18n'
import { jobErrorText, problemMessage, readChoices, skipProblem, useImportChoices } from '../import-state'
import { MapStep } from './map-step'
import { PickStep } from './pick-step'

function record(n: number, overrides: Partial<ImportRecordPreview> = {}): ImportRecordPreview {
  return {
    ref: `#${n}`,
    ListingKey: `k-${n}`,
    ListingId: `${1000 + n}`,
    UnparsedAddress: `${n} Main St, Nashville, TN 37201`,
    ListPrice: 300000 + n,
    StandardStatus: 'Active',
    photoCount: n,
    line: null,
    action: 'create',
    problems: [],
    listingId: null,
    mapping: [
      { source: 'ListingKey', field: 'ListingKey', value: `k-${n}` },
      { source: 'ListPrice', field: 'ListPrice', value: 300000 + n },
      { source: 'StandardStatus', field: 'StandardStatus', value: 'ActiveUnderContract' },
      { source: 'Media', field: 'Media', value: n },
    ],
    ...overrides,
  }
}

const preview: ImportPreview = {
  job: { id: 'job-1', source: 'reso-file', status: 'pending', fileName: 'mine.json', total: 3, processed: 0, imported: 0, updated: 0, deleted: 0, skipped: [], error: null, errorKey: null, listings: [], createdAt: '2024-01-01T00:00:00Z', finishedAt: null },
  since: null,
  records: [
    record(1),
    record(2, { action: 'update', listingId: 'l-2' }),
    record(3, { action: 'skip', line: 14, problems: [{ field: 'ListPrice', key: 'listing.priceRange', message: 'Price must be between $1,000 and $1,000,000,000' }] }),
  ],
}

/** A step as the wizard holds it: the choices live in sessionStorage under the import's id. */
function Step({ which }: { which: 'pick' | 'map' }) {
  const [choices, setChoices] = useImportChoices(preview)
  const [, rerender] = useState(0)
  const onChange = (change: Parameters<typeof setChoices>[0]) => {
    setChoices(change)
    rerender((n) => n + 1)
  }
  return which === 'pick' ? <PickStep preview={preview} choices={choices} onChange={onChange} /> : <MapStep preview={preview} choices={choices} onChange={onChange} />
}

afterEach(async () => {
  window.sessionStorage.clear()
  await act(() => i18n.changeLanguage('en-us'))
})

describe('the pick step', () => {
  it('picks every importable record at first, lets one go, and picks all again', async () => {
    const user = userEvent.setup()
    renderAt(<Step which="pick" />)
    const all = await screen.findByRole('checkbox', { name: 'Pick all listings' })
    expect((all as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('checkbox', { name: 'Pick 3 Main St, Nashville, TN 37201' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Line 14')).toBeTruthy()
    const row = screen.getByRole('row', { name: /2 Main St/ })
    expect(within(row).getByText('Update')).toBeTruthy()
    expect(within(row).getByText('$300,002')).toBeTruthy()

    await user.click(screen.getByRole('checkbox', { name: 'Pick 1 Main St, Nashville, TN 37201' }))
    expect((all as HTMLInputElement).checked).toBe(false)
    expect(readChoices('job-1')).toEqual({ picked: ['k-2'], visibility: 'public' })
    expect(screen.getByText('1 of 2 listings picked')).toBeTruthy()

    await user.click(all)
    expect(readChoices('job-1')!.picked.sort()).toEqual(['k-1', 'k-2'])
    await user.click(all)
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Pick at least one listing to go on.')).toBeTruthy()
  })
})

describe('the map step', () => {
  it('keeps what was picked, shows where each RESO field goes and why a record is skipped', async () => {
    const user = userEvent.setup()
    window.sessionStorage.setItem('offerbook.listingImport.job-1', JSON.stringify({ picked: ['k-2'], visibility: 'unlisted' }))
    renderAt(<Step which="map" />)
    expect((await screen.findByRole('radio', { name: 'Unlisted: only people with the link' }) as HTMLInputElement).checked).toBe(true)
    const table = screen.getByRole('table', { name: 'RESO fields of 2 Main St, Nashville, TN 37201 and where they go' })
    expect(within(table).getByRole('row', { name: 'ListPrice List price $300,002' })).toBeTruthy()
    expect(within(table).getByRole('row', { name: 'StandardStatus Status Active under contract' })).toBeTruthy()
    expect(within(table).getByRole('row', { name: 'Media Photos 2 photos, copied here' })).toBeTruthy()
    expect(screen.getByText('List price (ListPrice): Price must be between $1,000 and $1,000,000,000')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Import 1 listing' }) as HTMLButtonElement).disabled).toBe(false)

    await user.click(screen.getByRole('radio', { name: 'Private: only you and your team' }))
    expect(readChoices('job-1')).toEqual({ picked: ['k-2'], visibility: 'private' })
  })
})

describe('import messages', () => {
  it('are shown by their key in the reader\'s language, with their parameters', async () => {
    const notJson = { field: null, key: 'listingImport.fileNotJson', params: { line: 3, column: 14 }, message: 'The file is not valid JSON: the error is at line 3, column 14. Nothing was imported.' }
    const skip = { key: '#2', reason: 'This record is not a JSON object', reasonKey: 'listingImport.recordNotObject', line: 2, field: null }
    const failed = { error: 'The import stopped because of an error on our side. Try again.', errorKey: 'listingImport.jobFailed' }
    expect(problemMessage(notJson)).toBe(notJson.message)
    expect(problemMessage(skipProblem(skip))).toBe(skip.reason)
    expect(jobErrorText(failed)).toBe(failed.error)
    await act(() => i18n.changeLanguage('es-es'))
    expect(problemMessage(notJson)).toBe('El archivo no es JSON válido: el error está en la línea 3, columna 14. No se importó nada.')
    expect(problemMessage(skipProblem(skip))).toBe('Este registro no es un objeto JSON')
    expect(jobErrorText(failed)).toBe('La importación se detuvo por un error nuestro. Inténtelo de nuevo.')
  })

  it('show their English text when an older import kept no key', async () => {
    await act(() => i18n.changeLanguage('es-es'))
    expect(problemMessage(skipProblem({ key: 'k-1', reason: 'Must have at most 255 characters', line: null, field: 'ListingId' }))).toBe('Must have at most 255 characters')
    expect(jobErrorText({ error: 'Something old', errorKey: null })).toBe('Something old')
    expect(jobErrorText({ error: null, errorKey: null })).toBe('')
  })
})
