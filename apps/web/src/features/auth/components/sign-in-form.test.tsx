import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import { initSession } from '../../../shared/session'
import { apiError, fakeApi, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { userWith } from '../../../test/test-user'
import { SignInForm } from './sign-in-form'

const user = userWith({ email: 'buyer-simple@example.com' })

const api = fakeApi()

beforeEach(() => {
  initSession()
})

describe('SignInForm', () => {
  it('shows Invalid email for a bad email and Required for an empty password, without calling the API', async () => {
    renderAt(<SignInForm onSignedIn={() => {}} />, '/auth/sign-in')
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByText('Invalid email')).toBeTruthy()
    expect(screen.getByText('Required')).toBeTruthy()
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true')
    expect(api.calls()).toHaveLength(0)
  })

  it('submits email, password and persist, then stores the session', async () => {
    api.on('POST /api/session', reply({ accessToken: 'tok', expiresAt: '2030-01-01T00:00:00.000Z', user }))
    const onSignedIn = vi.fn()
    renderAt(<SignInForm onSignedIn={onSignedIn} />, '/auth/sign-in')

    await userEvent.type(screen.getByLabelText(/^Email/), ' Buyer-Simple@Example.com ')
    await userEvent.type(screen.getByLabelText(/^Password/), 'offerbook-demo')
    await userEvent.click(screen.getByLabelText('Remember me'))
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user))
    const [request] = api.calls()
    expect(request?.url).toBe('/api/session')
    expect(request?.method).toBe('POST')
    expect(request?.body).toEqual({ email: 'buyer-simple@example.com', password: 'offerbook-demo', persist: true })
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'tok', persist: true })
  })

  it('shows the translated server message in an alert', async () => {
    api.on('POST /api/session', apiError(401, 'session.wrongPassword'))
    renderAt(<SignInForm onSignedIn={() => {}} />, '/auth/sign-in')
    await userEvent.type(screen.getByLabelText(/^Email/), 'buyer-simple@example.com')
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    const alert = await screen.findByRole('alert', { name: 'Sign-in failed' })
    expect(alert.textContent).toContain('Incorrect e-mail/password combination')
  })

  it('asks for the e-mailed code after many tries on the account, checks its digits, and sends it with the password', async () => {
    // The first try is refused for the code, the second (with it) signs in.
    const answers = [apiError(401, 'session.codeRequired'), reply({ accessToken: 'tok', expiresAt: '2030-01-01T00:00:00.000Z', user })]
    api.on('POST /api/session', () => {
      const answer = answers.shift()
      if (!answer) throw new Error('only two sign-in tries were expected')
      return answer
    })
    const onSignedIn = vi.fn()
    renderAt(<SignInForm onSignedIn={onSignedIn} />, '/auth/sign-in')
    expect(screen.queryByLabelText(/^Code from the e-mail/)).toBeNull()
    await userEvent.type(screen.getByLabelText(/^Email/), 'buyer-simple@example.com')
    await userEvent.type(screen.getByLabelText(/^Password/), 'offerbook-demo')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    const alert = await screen.findByRole('alert', { name: 'Enter the code' })
    expect(alert.textContent).toContain('If the password is right, we e-mailed a code to the account')
    const code = await screen.findByLabelText(/^Code from the e-mail/)
    await waitFor(() => expect(document.activeElement).toBe(code))

    await userEvent.type(code, '12a')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Enter the 6 digits of the code')).toBeTruthy()
    expect(api.calls()).toHaveLength(1)

    await userEvent.clear(code)
    await userEvent.type(code, '123 456')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user))
    expect(api.calls()[1]?.body).toEqual({ email: 'buyer-simple@example.com', password: 'offerbook-demo', persist: false, code: '123456' })
  })
})
