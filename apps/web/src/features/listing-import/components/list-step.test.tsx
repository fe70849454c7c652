import { act, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ImportSources } from '@offerbook/domain/listing-import'
import { i18n } from '../../../shared/i18n/i18n'
import { saveSession } from '../../../shared/session'
import { fakeApi, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { ListStep } from './list-step'

function sourcesOf(overrides: Partial<ImportSources>): ImportSources {
  return { feed: { configured: false, originatingSystem: null }, mlsId: null, lastFeedTimestamp: null, fileMaxBytes: 20 * 1024 * 1024, ...overrides }
}

const api = fakeApi()

function serve(sources: ImportSources) {
  api.on('GET /api/listing-import/sources', reply(sources))
}

beforeEach(() => saveSession({ accessToken: 'tok', persist: false }))

describe('the list step and the MLS ID', () => {
  it('sends an agent without an MLS ID to the profile to add it, not to support', async () => {
    serve(sourcesOf({ feed: { configured: true, originatingSystem: 'mlsgrid' } }))
    renderAt(<ListStep jobId={null} />, '/add-listing/import/list')
    expect(await screen.findByText('Your MLS ID is missing')).toBeTruthy()
    expect(screen.getByText('Your profile has no MLS ID, so the feed cannot find your listings. Add your MLS ID to your profile, or upload a RESO JSON file.')).toBeTruthy()
    expect(screen.getByText('Your MLS ID (for example TN-123456) belongs to your profile. Add it there, then come back to check the feed.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Add your MLS ID on your profile' }).getAttribute('href')).toBe('/profile')
    expect(screen.queryByText(/support/i)).toBeNull()
  })

  it('says it in Spanish too', async () => {
    serve(sourcesOf({ feed: { configured: true, originatingSystem: 'mlsgrid' } }))
    renderAt(<ListStep jobId={null} />, '/add-listing/import/list')
    await act(() => i18n.changeLanguage('es-es'))
    expect((await screen.findByRole('link', { name: 'Añadir su MLS ID en su perfil' })).getAttribute('href')).toBe('/profile')
    expect(screen.getByText('Su MLS ID (por ejemplo TN-123456) forma parte de su perfil. Añádalo allí y vuelva para consultar el feed.')).toBeTruthy()
    expect(screen.getByText('Su perfil no tiene MLS ID, así que el feed no puede encontrar sus anuncios. Añada su MLS ID a su perfil o suba un archivo RESO JSON.')).toBeTruthy()
  })

  it('names the MLS ID the feed is asked for, with a link to change it', async () => {
    serve(sourcesOf({ feed: { configured: true, originatingSystem: 'mlsgrid' }, mlsId: 'TN-654321' }))
    renderAt(<ListStep jobId={null} />, '/add-listing/import/list')
    expect(await screen.findByText('We ask the feed for the listings whose listing agent MLS ID is TN-654321.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Change your MLS ID on your profile' }).getAttribute('href')).toBe('/profile')
  })

  it('names the MLS ID when the site has no feed, for the listings a file brings in', async () => {
    serve(sourcesOf({ mlsId: 'TN-654321' }))
    renderAt(<ListStep jobId={null} />, '/add-listing/import/list')
    expect(await screen.findByText('Your MLS ID is TN-654321.')).toBeTruthy()
    expect(screen.getByText('The MLS feed is not set up on this site. You can upload a RESO JSON file instead.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Change your MLS ID on your profile' }).getAttribute('href')).toBe('/profile')
  })
})
