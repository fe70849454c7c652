import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render'
import { Controlled } from '../../test/controlled'
import { i18n } from '../i18n/i18n'
import type { PasswordConfirmInputProps } from './password-confirm-input'
import { PasswordConfirmInput } from './password-confirm-input'

function Harness({ onChange, ...props }: Partial<PasswordConfirmInputProps>) {
  return <Controlled input={PasswordConfirmInput} initial={{ password: '', confirm: '' }} onValue={onChange} props={props} />
}

const password = () => screen.getByLabelText('Password')
const confirm = () => screen.getByLabelText('Confirm password')

describe('PasswordConfirmInput', () => {
  it('shows Password mismatch under the confirmation while it differs, and no check', async () => {
    renderAt(<Harness />)
    await userEvent.type(password(), 'secret-1')
    await userEvent.type(confirm(), 'secret-2')

    expect(screen.getByText('Password mismatch')).toBeTruthy()
    expect(confirm().getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('img', { name: 'Passwords match' })).toBeNull()
  })

  it('shows no mismatch while the confirmation is still empty', async () => {
    renderAt(<Harness />)
    await userEvent.type(password(), 'secret-1')

    expect(screen.queryByText('Password mismatch')).toBeNull()
    expect(confirm().getAttribute('aria-invalid')).not.toBe('true')
  })

  it('shows the check icon once both are equal, and hides it again when they drift apart', async () => {
    const onChange = vi.fn()
    renderAt(<Harness onChange={onChange} />)
    await userEvent.type(password(), 'secret-1')
    await userEvent.type(confirm(), 'secret-1')

    expect(screen.getByRole('img', { name: 'Passwords match' })).toBeTruthy()
    expect(screen.queryByText('Password mismatch')).toBeNull()
    expect(onChange).toHaveBeenLastCalledWith({ password: 'secret-1', confirm: 'secret-1' })

    await userEvent.type(password(), 'x')
    expect(screen.queryByRole('img', { name: 'Passwords match' })).toBeNull()
    expect(screen.getByText('Password mismatch')).toBeTruthy()
  })

  it('asks for the minimum length under the password once the field is left', async () => {
    renderAt(<Harness minLength={8} />)
    await userEvent.type(password(), 'short')
    expect(screen.queryByText('Must have at least 8 characters')).toBeNull()

    await userEvent.tab()
    expect(screen.getByText('Must have at least 8 characters')).toBeTruthy()
    expect(password().getAttribute('aria-invalid')).toBe('true')

    await userEvent.type(password(), '-long')
    expect(screen.queryByText('Must have at least 8 characters')).toBeNull()
  })

  it('speaks Spanish when the language is es-es', async () => {
    renderAt(<Harness minLength={8} />)
    await act(() => i18n.changeLanguage('es-es'))
    await userEvent.type(screen.getByLabelText('Contraseña'), 'uno')
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'dos')

    expect(screen.getByText('Las contraseñas no coinciden')).toBeTruthy()
    expect(screen.getByText('Debe tener al menos 8 caracteres')).toBeTruthy()
  })
})
