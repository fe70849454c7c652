import { Modal } from '@mantine/core'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../test/render'

describe('the theme', () => {
  it('gives every dialog the spec width, at most 80vw and at least 300px, and leaves a full-screen one the whole screen', async () => {
    renderAt(
      <>
        <Modal opened onClose={() => {}} title="Any dialog" size="xl">
          A feature's own dialog
        </Modal>
        <Modal opened onClose={() => {}} title="Full screen" fullScreen>
          A phone's comparison
        </Modal>
      </>,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Any dialog' })
    expect(dialog.style.maxWidth).toBe('80vw')
    expect(dialog.style.minWidth).toBe('300px')
    const full = await screen.findByRole('dialog', { name: 'Full screen' })
    expect(full.style.maxWidth).toBe('')
  })
})
