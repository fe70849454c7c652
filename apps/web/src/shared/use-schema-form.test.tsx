import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { Button, TextInput } from '@mantine/core'
import { emailSchema } from '@offerbook/domain/validation'
import { renderAt } from '../test/render'
import { ApiClientError } from './api-client'
import { i18n } from './i18n/i18n'
import { useSchemaForm } from './use-schema-form'

const InviteSchema = z.object({ name: z.string().trim().min(1, 'common.required'), email: emailSchema.transform((email) => email.toLowerCase()) })
type Invite = z.output<typeof InviteSchema>

/** A small form on the hook; `send` stands for the API call, and may refuse. */
function InviteForm({ send }: { send: (invite: Invite) => Promise<void> }) {
  const form = useSchemaForm({ schema: InviteSchema, initialValues: { name: '', email: '' } })
  const onSubmit = form.onSubmit((invite) => {
    send(invite).catch((error: unknown) => form.serverErrors(error))
  })
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite">
      <TextInput label="Name" {...form.field('name')} />
      <TextInput label="Email" {...form.field('email')} />
      <Button type="submit">Invite</Button>
    </form>
  )
}

/** What the field says under it: the text of the elements that describe it. */
function messageOf(label: string): string {
  const input = screen.getByLabelText(label)
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

async function submit() {
  await userEvent.click(screen.getByRole('button', { name: 'Invite' }))
}

describe('useSchemaForm', () => {
  it("shows each field's message in English and blocks the submit while any field is refused", async () => {
    const send = vi.fn(() => Promise.resolve())
    renderAt(<InviteForm send={send} />)
    await userEvent.type(screen.getByLabelText('Email'), 'ana@')
    await submit()

    await waitFor(() => expect(messageOf('Name')).toBe('Required'))
    expect(messageOf('Email')).toBe('Invalid email')
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(send).not.toHaveBeenCalled()

    // A change clears that field's message only; the form still refuses to go while the name is missing.
    await userEvent.type(screen.getByLabelText('Email'), 'example.com')
    expect(messageOf('Email')).toBe('')
    expect(messageOf('Name')).toBe('Required')
    await submit()
    expect(messageOf('Name')).toBe('Required')
    expect(send).not.toHaveBeenCalled()

    await userEvent.type(screen.getByLabelText('Name'), '  Ana  ')
    await submit()
    await waitFor(() => expect(send).toHaveBeenCalledWith({ name: 'Ana', email: 'ana@example.com' }))
    expect(messageOf('Name')).toBe('')
  })

  it('shows the same messages in Spanish, and follows a change of language', async () => {
    renderAt(<InviteForm send={() => Promise.resolve()} />)
    await act(() => i18n.changeLanguage('es-es'))
    await userEvent.type(screen.getByLabelText('Email'), 'ana@')
    await submit()

    await waitFor(() => expect(messageOf('Name')).toBe('Obligatorio'))
    expect(messageOf('Email')).toBe('Correo electrónico no válido')

    await act(() => i18n.changeLanguage('en-us'))
    expect(messageOf('Name')).toBe('Required')
    expect(messageOf('Email')).toBe('Invalid email')
  })

  it("puts the API's field error on its field, in the reader's language", async () => {
    const refused = new ApiClientError(409, { key: 'accounts.emailInUse' }, 'CONFLICT', [{ path: 'email', key: 'accounts.emailInUse' }])
    const send = vi.fn(() => Promise.reject(refused))
    renderAt(<InviteForm send={send} />)
    await userEvent.type(screen.getByLabelText('Name'), 'Ana')
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com')
    await submit()

    await waitFor(() => expect(messageOf('Email')).toBe('Email already in use'))
    expect(messageOf('Name')).toBe('')
    await act(() => i18n.changeLanguage('es-es'))
    expect(messageOf('Email')).toBe('El correo electrónico ya está en uso')
    await act(() => i18n.changeLanguage('en-us'))
  })
})
