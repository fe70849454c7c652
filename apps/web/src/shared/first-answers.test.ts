import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FIRST_ANSWERS_SCRIPT, firstAnswerPaths } from '@offerbook/domain/first-answers'
import { matchRoute } from '@offerbook/domain/route-access'
import { apiClient } from './api-client'
import { dropFirstAnswers } from './first-answers'
import { clearSession, initSession, saveSession } from './session'
import { apiError, fakeApi, reply } from '../test/fake-api'

/**
 * The answers a signed-in page's HTML asks for before the app's code (decision 101): the page's own
 * script, as the server writes it, run here; the app's client takes each once, with the same session.
 */

const api = fakeApi()
let offerAsked = 0

/** The page's HTML as the server sends it for `path`: the URLs' block, then its script, run. */
function openPage(path: string): void {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = 'first-answers'
  block.textContent = JSON.stringify(firstAnswerPaths(matchRoute(path), new URLSearchParams()))
  document.head.append(block)
  new Function(FIRST_ANSWERS_SCRIPT)()
}

beforeEach(() => {
  offerAsked = 0
  api.on('GET /api/me', reply({ user: { id: 'u1' } }))
  api.on('GET /api/offers/:id', () => reply({ offer: { id: 'o1', price: 100 + ++offerAsked } }))
})

afterEach(() => {
  document.getElementById('first-answers')?.remove()
  dropFirstAnswers()
  clearSession()
})

describe("a signed-in page's first answers", () => {
  it('are asked by the page before the app runs, and the app takes them instead of asking again', async () => {
    saveSession({ accessToken: 'token-1', persist: true })
    openPage('/submitted-offers/update/o1')
    expect(api.calls().map((call) => call.url)).toEqual(['/api/me', '/api/offers/o1'])
    expect(api.calls().every((call) => call.headers.get('Authorization') === 'Bearer token-1')).toBe(true)

    initSession()
    expect(await apiClient.get('/me')).toEqual({ user: { id: 'u1' } })
    expect(await apiClient.get('/offers/o1')).toEqual({ offer: { id: 'o1', price: 101 } })
    expect(api.calls()).toHaveLength(2)
  })

  it('are taken once: a later ask of the same URL (after a save) gets a new answer', async () => {
    saveSession({ accessToken: 'token-1', persist: true })
    openPage('/submitted-offers/update/o1')
    initSession()
    expect(await apiClient.get('/offers/o1')).toEqual({ offer: { id: 'o1', price: 101 } })
    expect(await apiClient.get('/offers/o1')).toEqual({ offer: { id: 'o1', price: 102 } })
  })

  it('are dropped once the first screen is drawn: what nobody took is asked anew', async () => {
    saveSession({ accessToken: 'token-1', persist: true })
    openPage('/submitted-offers/update/o1')
    initSession()
    dropFirstAnswers()
    expect(await apiClient.get('/offers/o1')).toEqual({ offer: { id: 'o1', price: 102 } })
  })

  it('go unused by another session: a sign-in as somebody else asks with its own token', async () => {
    saveSession({ accessToken: 'token-1', persist: true })
    openPage('/submitted-offers/update/o1')
    saveSession({ accessToken: 'token-2', persist: true })
    initSession()
    await apiClient.get('/offers/o1')
    const last = api.calls().at(-1)!
    expect(last.headers.get('Authorization')).toBe('Bearer token-2')
    expect(api.calls()).toHaveLength(3)
  })

  it('pass a refusal to the app as any answer: a 404 is the page not found', async () => {
    api.on('GET /api/offers/:id', apiError(404, 'request.notFound'))
    saveSession({ accessToken: 'token-1', persist: true })
    openPage('/submitted-offers/update/gone')
    initSession()
    await expect(apiClient.get('/offers/gone')).rejects.toMatchObject({ status: 404 })
    expect(api.calls().filter((call) => call.path === '/api/offers/gone')).toHaveLength(1)
  })

  it('are not asked without a session, nor with a session left by a visit without "Remember me"', () => {
    openPage('/submitted-offers/update/o1')
    expect(api.calls()).toEqual([])
    document.getElementById('first-answers')?.remove()
    window.localStorage.setItem('offerbook.session', JSON.stringify({ accessToken: 'old', persist: false }))
    openPage('/submitted-offers/update/o1')
    expect(api.calls()).toEqual([])
  })

  it('ask nothing from a block that is not a list of URLs', () => {
    saveSession({ accessToken: 'token-1', persist: true })
    const block = document.createElement('script')
    block.type = 'application/json'
    block.id = 'first-answers'
    block.textContent = '{not json'
    document.head.append(block)
    new Function(FIRST_ANSWERS_SCRIPT)()
    expect(api.calls()).toEqual([])
    expect('offerbookFirstAnswers' in window).toBe(false)
  })
})
