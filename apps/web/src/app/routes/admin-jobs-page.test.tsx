import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { JobStatus } from '@offerbook/domain/jobs'
import { i18n } from '../../shared/i18n/i18n'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, json, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'

const api = accountApi()
preloadPages('admin-jobs')

function job(overrides: Partial<JobStatus> & Pick<JobStatus, 'name'>): JobStatus {
  return {
    kind: 'schedule',
    everyMs: 30_000,
    leaseOwner: null,
    leaseUntil: null,
    lastStartedAt: '2026-11-29T18:00:00.000Z',
    lastFinishedAt: '2026-11-29T18:00:01.000Z',
    lastOutcome: 'ok',
    lastError: null,
    consecutiveFailures: 0,
    nextRunAt: '2026-11-29T18:00:31.000Z',
    deadLetteredAt: null,
    ...overrides,
  }
}

function openAsSuperAdmin() {
  api.signInAs(userWith({ uid: 'me', name: 'Sue Super', roles: ['SUPER_ADMIN'] }))
  return renderRoutes(appRoutes(), '/admin/jobs')
}

describe('admin jobs page', () => {
  it('lists each job with its last run, and runs a dead-lettered one again from the keyboard', async () => {
    let signing = job({ name: 'signing', kind: 'queue', lastOutcome: 'failed', lastError: 'the sealing key is missing', consecutiveFailures: 8, deadLetteredAt: '2026-11-29T18:05:00.000Z' })
    api.handlers['GET /api/admin/jobs'] = () => json(200, { items: [job({ name: 'outbox', kind: 'queue', everyMs: 2000 }), job({ name: 'offer-expiry' }), signing] })
    api.handlers['POST /api/admin/jobs/signing/retry'] = () => {
      signing = { ...signing, deadLetteredAt: null, consecutiveFailures: 0 }
      return json(200, signing)
    }
    openAsSuperAdmin()

    const table = await screen.findByRole('table', { name: 'Background jobs and their last runs' })
    const rows = within(table).getAllByRole('row')
    expect(rows.map((row) => within(row).queryByRole('rowheader')?.textContent ?? null)).toEqual([null, 'Email and text delivery', 'Offer expiry', 'Signing: completion and expiry'])
    expect(within(rows[1]!).getByText('Every server, every 2 sec and when woken')).toBeTruthy()
    expect(within(rows[2]!).getByText('One server at a time, every 30 sec')).toBeTruthy()
    expect(within(rows[2]!).getByText('Succeeded')).toBeTruthy()
    expect(within(rows[3]!).getByText('the sealing key is missing')).toBeTruthy()
    expect(within(rows[3]!).getByText('Stopped after repeated failures')).toBeTruthy()
    // Only the dead-lettered job can be run again.
    expect(screen.getAllByRole('button', { name: /again/ })).toHaveLength(1)

    const runAgain = within(rows[3]!).getByRole('button', { name: 'Run Signing: completion and expiry again' })
    runAgain.focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('Signing: completion and expiry will run again now.')).toBeTruthy()
    expect(api.calls('POST /api/admin/jobs/signing/retry')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Run Signing: completion and expiry again' })).toBeNull())
  })

  it('says so when no job has run yet', async () => {
    api.handlers['GET /api/admin/jobs'] = () => json(200, { items: [] })
    openAsSuperAdmin()
    expect(await screen.findByText('No background job has run yet. The jobs appear here once the server has started them.')).toBeTruthy()
  })

  it('tells a list that could not load, and loads it again on Retry', async () => {
    let fail = true
    api.handlers['GET /api/admin/jobs'] = () => (fail ? apiError(500, 'INTERNAL', 'request.internal') : json(200, { items: [job({ name: 'chat-digest', everyMs: 60_000 })] }))
    openAsSuperAdmin()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('The background jobs could not be loaded')).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Chat digest emails')).toBeTruthy()
    expect(screen.getByText('One server at a time, every 1 min')).toBeTruthy()
  })

  it('shows in Spanish', async () => {
    api.handlers['GET /api/admin/jobs'] = () => json(200, { items: [job({ name: 'mls-replication', everyMs: 60_000, lastOutcome: null, lastStartedAt: null, lastFinishedAt: null })] })
    api.signInAs(userWith({ uid: 'me', name: 'Sue Super', roles: ['SUPER_ADMIN'], language: 'es-es' }))
    renderRoutes(appRoutes(), '/admin/jobs')
    await act(() => i18n.changeLanguage('es-es'))
    expect(await screen.findByText('Programación de la replicación de MLS Grid')).toBeTruthy()
    expect(screen.getByText('Aún no se ha ejecutado')).toBeTruthy()
  })
})
