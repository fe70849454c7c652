import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, initSession, saveSession } from '../session'
import { renderAt } from '../../test/render'
import { PersonCard } from './person-card'

const sally = { fullName: 'Sally Seller', subtitle: 'Listing agent', phone: '(615) 555-0100', email: 'sally@example.com' }

beforeEach(() => initSession())
afterEach(() => clearSession())

describe('PersonCard', () => {
  it('shows the name, subtitle and initials', () => {
    renderAt(<PersonCard {...sally} />)
    const card = screen.getByRole('article', { name: 'Sally Seller' })
    expect(card.textContent).toContain('Listing agent')
    expect(card.textContent).toContain('SS')
  })

  it("shows 'No name' when there is no name", () => {
    renderAt(<PersonCard fullName="  " />)
    expect(screen.getByRole('article', { name: 'No name' })).toBeTruthy()
  })

  it("links the agent's website for everyone, opening it apart, and never a non-web address", () => {
    renderAt(<PersonCard {...sally} website="https://sallysells.example.com/" />)
    const link = screen.getByRole('link', { name: 'Website of Sally Seller' })
    expect(link.getAttribute('href')).toBe('https://sallysells.example.com/')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.textContent).toBe('sallysells.example.com')
  })

  it('shows no website link for an address that is not http(s)', () => {
    renderAt(<PersonCard {...sally} website="javascript:alert(1)" />)
    expect(screen.queryByRole('link', { name: 'Website of Sally Seller' })).toBeNull()
  })

  it('shows the photo when there is one', () => {
    renderAt(<PersonCard {...sally} image="/photos/sally.jpg" />)
    expect(screen.getByRole('img', { name: 'Sally Seller' }).getAttribute('src')).toBe('/photos/sally.jpg')
  })

  it('has no contact buttons for a visitor who is not signed in', () => {
    renderAt(<PersonCard {...sally} />)
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('lets a signed-in user call, text and email the person', () => {
    saveSession({ accessToken: 'tok', persist: false })
    renderAt(<PersonCard {...sally} />)
    expect(screen.getByRole('link', { name: 'Call Sally Seller' }).getAttribute('href')).toBe('tel:6155550100')
    expect(screen.getByRole('link', { name: 'Text Sally Seller' }).getAttribute('href')).toBe('sms:6155550100')
    expect(screen.getByRole('link', { name: 'Email Sally Seller' }).getAttribute('href')).toBe('mailto:sally@example.com')
  })

  it('texts the sms number when it differs from the phone', () => {
    saveSession({ accessToken: 'tok', persist: false })
    renderAt(<PersonCard {...sally} sms="+1 615 555 0199" />)
    expect(screen.getByRole('link', { name: 'Text Sally Seller' }).getAttribute('href')).toBe('sms:+16155550199')
  })

  it('hides call and text without a phone, and email without an address', () => {
    saveSession({ accessToken: 'tok', persist: false })
    const { unmount } = renderAt(<PersonCard fullName="Sally Seller" email="sally@example.com" />)
    expect(screen.queryByRole('link', { name: 'Call Sally Seller' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Text Sally Seller' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Email Sally Seller' })).toBeTruthy()
    unmount()

    renderAt(<PersonCard fullName="Sally Seller" phone="615-555-0100" />)
    expect(screen.getByRole('link', { name: 'Call Sally Seller' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Email Sally Seller' })).toBeNull()
  })

  it('drops the buttons as soon as the session is cleared', () => {
    saveSession({ accessToken: 'tok', persist: false })
    renderAt(<PersonCard {...sally} />)
    expect(screen.getByRole('link', { name: 'Call Sally Seller' })).toBeTruthy()
    act(() => clearSession())
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('with a Send dialog to open, emails and texts the person through it, and still calls by phone', async () => {
    saveSession({ accessToken: 'tok', persist: false })
    const onSend = vi.fn()
    renderAt(<PersonCard {...sally} onSend={onSend} />)
    expect(screen.getByRole('link', { name: 'Call Sally Seller' }).getAttribute('href')).toBe('tel:6155550100')
    expect(screen.queryByRole('link', { name: 'Email Sally Seller' })).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Email Sally Seller' }))
    expect(onSend).toHaveBeenLastCalledWith({ emails: ['sally@example.com'] })
    screen.getByRole('button', { name: 'Text Sally Seller' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(onSend).toHaveBeenLastCalledWith({ phones: ['6155550100'], emails: ['sally@example.com'] })
    expect(onSend).toHaveBeenCalledTimes(2)
  })

  it('shows no Send buttons to a visitor, even with a dialog to open', () => {
    renderAt(<PersonCard {...sally} onSend={() => {}} />)
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
  })
})
