import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, bodyOf, json, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'

const api = accountApi()
preloadPages('onboarding-step', 'dashboard', 'how-it-works', 'sign-in')

describe('onboarding', () => {
  const agentToBe = () => userWith({ roles: [], onboarded: false })

  async function chooseRole(label: string) {
    await userEvent.click(await screen.findByRole('button', { name: 'Get started' }))
    await userEvent.click(await screen.findByRole('radio', { name: label }))
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  }

  // The longest walk through the wizard: slow on a busy machine.
  it('checks the agent details with the spec messages and keeps entries across Back and Next', { timeout: 60_000 }, async () => {
    api.signInAs(agentToBe())
    let sent: unknown
    api.handlers['PUT /api/me/onboarding'] = (init) => {
      sent = bodyOf(init)
      api.me = userWith({ roles: ['SELLER_AGENT'], onboarded: true })
      return json(200, { user: api.me })
    }
    const { router } = renderRoutes(appRoutes(), '/onboarding/welcome')
    await chooseRole('I am a listing agent')
    expect(router.state.location.pathname).toBe('/onboarding/details')

    await userEvent.type(await screen.findByLabelText(/^NRDS number/), '123')
    await userEvent.type(screen.getByLabelText(/^Lead agent MLS ID/), 'tn-123456')
    await userEvent.type(screen.getByLabelText(/^ZIP code/), '372')
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))

    expect(await screen.findByText('NRDS number must be 9 digits')).toBeTruthy()
    expect(screen.getByText('Lead agent MLS ID must be: state code - license number (e.g., TN-123456)')).toBeTruthy()
    expect(screen.getByText('Required')).toBeTruthy()
    expect(screen.getByText('Invalid ZIP code')).toBeTruthy()
    expect(api.calls('PUT /api/me/onboarding')).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect((await screen.findByRole('radio', { name: 'I am a listing agent' }) as HTMLInputElement).checked).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect((await screen.findByLabelText(/^Lead agent MLS ID/) as HTMLInputElement).value).toBe('tn-123456')

    await userEvent.clear(screen.getByLabelText(/^NRDS number/))
    await userEvent.type(screen.getByLabelText(/^NRDS number/), '123456789')
    await userEvent.clear(screen.getByLabelText(/^Lead agent MLS ID/))
    await userEvent.type(screen.getByLabelText(/^Lead agent MLS ID/), 'TN-123456')
    await userEvent.type(screen.getByLabelText(/^Phone/), '6155550123')
    await userEvent.type(screen.getByLabelText(/^ZIP code/), '03')
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))

    expect(await screen.findByRole('heading', { name: 'You are all set' })).toBeTruthy()
    expect(sent).toEqual({ kind: 'SELLER_AGENT', nrds: '123456789', sellerAgentId: 'TN-123456', phone: '+16155550123', zipcode: '37203' })
    expect(screen.getByRole('link', { name: 'Go to my home' }).getAttribute('href')).toBe('/dashboard')
  })

  it('lets a buyer finish without phone or ZIP code', async () => {
    api.signInAs(agentToBe())
    api.handlers['PUT /api/me/onboarding'] = () => json(200, { user: userWith() })
    renderRoutes(appRoutes(), '/onboarding/welcome')
    await chooseRole('I am buying a home')
    expect(screen.queryByLabelText(/^NRDS number/)).toBeNull()
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }))
    expect(await screen.findByRole('heading', { name: 'You are all set' })).toBeTruthy()
    expect(bodyOf(api.calls('PUT /api/me/onboarding')[0])).toEqual({ kind: 'BUYER_SIMPLE' })
  })

  it("offers 'I assist an agent', which asks for no NRDS number or MLS ID and tells how to join the agent's team", async () => {
    api.signInAs(agentToBe())
    api.handlers['PUT /api/me/onboarding'] = () => json(200, { user: userWith({ roles: ['SELLER_SIMPLE'], uiMode: 'sell' }) })
    renderRoutes(appRoutes(), '/onboarding/welcome')
    await chooseRole('I assist an agent')
    expect(await screen.findByText(/Assistants give no license details/)).toBeTruthy()
    expect(screen.queryByLabelText(/^NRDS number/)).toBeNull()
    expect(screen.queryByLabelText(/^Lead agent MLS ID/)).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))
    expect(await screen.findByText(/When the agent you assist invites you to their team/)).toBeTruthy()
    expect(bodyOf(api.calls('PUT /api/me/onboarding')[0])).toEqual({ kind: 'ASSISTANT' })
  })

  it('sends a signed-in user who is not onboarded from a protected page to onboarding, not from a public one', async () => {
    api.signInAs(agentToBe())
    // The dashboard's answer is asked beside /api/me (decision 090); the API refuses an account with no role yet.
    api.handlers['GET /api/dashboard'] = () => apiError(403, 'FORBIDDEN', 'request.forbidden')
    const { router } = renderRoutes(appRoutes(), '/dashboard')
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/welcome'))
    await router.navigate('/how-it-works')
    await waitFor(() => expect(document.querySelector('.page-how-it-works')).toBeTruthy())
    expect(router.state.location.pathname).toBe('/how-it-works')
  })

  it('asks an anonymous visitor to sign in and come back', async () => {
    renderRoutes(appRoutes(), '/onboarding/role')
    const link = await screen.findByRole('link', { name: 'Sign in to continue' })
    expect(link.getAttribute('href')).toBe('/auth/sign-in?redirect=%2Fonboarding%2Frole')
  })

  it('sends a user who is already onboarded home', async () => {
    api.signInAs(userWith())
    api.handlers['GET /api/dashboard'] = () => json(200, { drafts: [], offersToAnswer: [], documentsToSign: [], deadlines: [] })
    const { router } = renderRoutes(appRoutes(), '/onboarding')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    await waitFor(() => expect(document.querySelector('.page-dashboard')).toBeTruthy())
  })

  it('shows the welcome step for an unknown step', async () => {
    api.signInAs(agentToBe())
    renderRoutes(appRoutes(), '/onboarding/nope')
    expect(await screen.findByRole('heading', { name: 'Welcome to Offerbook' })).toBeTruthy()
  })
})
