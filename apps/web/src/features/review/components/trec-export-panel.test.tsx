import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '../../../shared/i18n/i18n'
import { describe, expect, it } from 'vitest'
import type { BrokerageExport } from '@offerbook/domain/brokerage-export'
import { apiError, fakeApi, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { TrecExportPanel } from './trec-export-panel'

const api = fakeApi()

function exportOf(overrides: Partial<BrokerageExport> = {}): BrokerageExport {
  return { id: 'export-1', state: 'queued', from: null, to: null, filesDone: 0, filesTotal: null, size: null, createdAt: '2026-12-01T10:00:00.000Z', startedAt: null, finishedAt: null, downloadUrl: null, ...overrides }
}

describe('TrecExportPanel', () => {
  it('starts an export of a period, shows its progress as the job runs, then the download', async () => {
    const states = [exportOf({ state: 'running', from: '2026-01-01', to: '2026-06-30', filesDone: 40, filesTotal: 200 }), exportOf({ state: 'done', from: '2026-01-01', to: '2026-06-30', filesDone: 200, filesTotal: 200, size: 5 * 1_048_576, downloadUrl: '/api/brokerage/exports/export-1/download' })]
    let listed: BrokerageExport[] = []
    api.on('GET /api/brokerage/exports', () => reply({ items: listed }))
    api.on('POST /api/brokerage/exports', () => {
      listed = [states.shift()!]
      return reply(exportOf({ from: '2026-01-01', to: '2026-06-30' }), 202)
    })
    renderAt(<TrecExportPanel />)
    await userEvent.type(await screen.findByRole('textbox', { name: /First day/ }), '2026-01-01')
    await userEvent.type(screen.getByRole('textbox', { name: /Last day/ }), '2026-06-30')
    await userEvent.click(screen.getByRole('button', { name: 'Start export' }))

    expect(api.calls('POST /api/brokerage/exports').map((request) => request.body)).toEqual([{ from: '2026-01-01', to: '2026-06-30' }])
    // The job's progress, asked again while it runs; Start export waits for it.
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('20')
    expect(screen.getByText('40 of 200 files')).toBeTruthy()
    expect(screen.getByText('Offers made from 2026-01-01 to 2026-06-30')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Start export' }).hasAttribute('disabled')).toBe(true)
    listed = [states.shift()!]
    expect(await screen.findByRole('button', { name: 'Download the ZIP' }, { timeout: 4000 })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Ready: 200 files, 5 MB.')
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByRole('button', { name: 'Start export' }).hasAttribute('disabled')).toBe(false)
  })

  it('says a period ending before it starts on its field, and a refusal of the API in words', async () => {
    api.on('GET /api/brokerage/exports', reply({ items: [exportOf({ state: 'failed' })] }))
    api.on('POST /api/brokerage/exports', apiError(409, 'brokerageExport.running', { params: { exportId: 'export-0', startedAt: '2026-12-01T09:00:00.000Z' } }))
    renderAt(<TrecExportPanel />)
    expect(await screen.findByText('The ZIP could not be made. Start the export again; if it fails again, contact support.')).toBeTruthy()
    await userEvent.type(screen.getByRole('textbox', { name: /First day/ }), '2026-03-01')
    await userEvent.type(screen.getByRole('textbox', { name: /Last day/ }), '2026-02-01')
    await userEvent.click(screen.getByRole('button', { name: 'Start export' }))
    expect(await screen.findByText('The last day of the period cannot come before its first day')).toBeTruthy()
    expect(api.calls('POST /api/brokerage/exports')).toHaveLength(0)

    await userEvent.clear(screen.getByRole('textbox', { name: /Last day/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Start export' }))
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('An export of your brokerage is already under way (started 2026-12-01T09:00:00.000Z); wait for it to finish'))
  })

  it('speaks Spanish in the formal voice', async () => {
    api.on('GET /api/brokerage/exports', reply({ items: [] }))
    renderAt(<TrecExportPanel />)
    await act(() => i18n.changeLanguage('es-es'))
    expect(await screen.findByRole('button', { name: 'Iniciar la exportación' })).toBeTruthy()
    expect(screen.getByText(/Deje los días vacíos/)).toBeTruthy()
    await act(() => i18n.changeLanguage('en-us'))
  })
})
