import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ListingMedia } from '@offerbook/domain/listing'
import { renderAt } from '../../../test/render'
import { nextPhotoIndex, PhotoGallery } from './photo-gallery'

const address = '12 Elm St, Franklin, TN 37064'
const photo = (order: number): ListingMedia => ({ id: `p${order}`, MediaKey: `p${order}`, MediaURL: `/api/files/p${order}`, Order: order, filename: `p${order}.jpg` })
// Given out of order: the gallery shows them by Order.
const photos = [photo(2), photo(0), photo(1)]

const largePhoto = () => screen.getAllByRole('img').find((img) => img.getAttribute('width') === '1280')!

describe('nextPhotoIndex', () => {
  it('moves with the arrows, wrapping at both ends, and jumps with Home and End', () => {
    expect(nextPhotoIndex('ArrowRight', 0, 3)).toBe(1)
    expect(nextPhotoIndex('ArrowRight', 2, 3)).toBe(0)
    expect(nextPhotoIndex('ArrowLeft', 0, 3)).toBe(2)
    expect(nextPhotoIndex('ArrowDown', 1, 3)).toBe(2)
    expect(nextPhotoIndex('ArrowUp', 1, 3)).toBe(0)
    expect(nextPhotoIndex('Home', 2, 3)).toBe(0)
    expect(nextPhotoIndex('End', 0, 3)).toBe(2)
    expect(nextPhotoIndex('a', 0, 3)).toBeNull()
    expect(nextPhotoIndex('ArrowRight', 0, 0)).toBeNull()
  })
})

describe('PhotoGallery', () => {
  it('shows the primary photo large first, each photo named by the address and its position', () => {
    renderAt(<PhotoGallery photos={photos} address={address} />)
    expect(largePhoto().getAttribute('src')).toBe('/api/files/p0?w=960')
    // WebP copies at each width for the browser to choose from, and its box reserved before it loads.
    expect(largePhoto().getAttribute('srcset')).toBe('/api/files/p0?w=320 320w, /api/files/p0?w=640 640w, /api/files/p0?w=960 960w, /api/files/p0?w=1280 1280w')
    expect(largePhoto().getAttribute('height')).toBe('960')
    expect(largePhoto().getAttribute('alt')).toBe(`Photo 1 of 3: ${address}`)
    const thumbnails = screen.getAllByRole('button').filter((button) => button.hasAttribute('aria-pressed'))
    expect(thumbnails.map((button) => button.querySelector('img')?.getAttribute('alt'))).toEqual([
      `Photo 1 of 3: ${address}`,
      `Photo 2 of 3: ${address}`,
      `Photo 3 of 3: ${address}`,
    ])
    expect(screen.getByText('Photo 1 of 3')).toBeTruthy()
  })

  it('moves through the photos with the arrow keys on a thumbnail, the focus following, and Home and End', async () => {
    const user = userEvent.setup()
    renderAt(<PhotoGallery photos={photos} address={address} />)
    const first = screen.getByRole('button', { name: `Photo 1 of 3: ${address}` })
    expect(first.getAttribute('aria-pressed')).toBe('true')
    first.focus()

    await user.keyboard('{ArrowRight}')
    const second = screen.getByRole('button', { name: `Photo 2 of 3: ${address}` })
    expect(second.getAttribute('aria-pressed')).toBe('true')
    expect(document.activeElement).toBe(second)
    expect(largePhoto().getAttribute('src')).toBe('/api/files/p1?w=960')
    expect(screen.getByText('Photo 2 of 3')).toBeTruthy()

    await user.keyboard('{End}')
    expect(largePhoto().getAttribute('src')).toBe('/api/files/p2?w=960')
    await user.keyboard('{ArrowRight}')
    expect(largePhoto().getAttribute('src')).toBe('/api/files/p0?w=960')
    expect(document.activeElement).toBe(first)
    await user.keyboard('{ArrowLeft}')
    expect(largePhoto().getAttribute('src')).toBe('/api/files/p2?w=960')
    await user.keyboard('{Home}')
    expect(largePhoto().getAttribute('src')).toBe('/api/files/p0?w=960')
  })

  it('makes only the chosen thumbnail a tab stop', async () => {
    const user = userEvent.setup()
    renderAt(<PhotoGallery photos={photos} address={address} />)
    await user.click(screen.getByRole('button', { name: `Photo 3 of 3: ${address}` }))
    const tabStops = screen.getAllByRole('button').filter((button) => button.hasAttribute('aria-pressed') && button.tabIndex === 0)
    expect(tabStops.map((button) => button.querySelector('img')?.getAttribute('alt'))).toEqual([`Photo 3 of 3: ${address}`])
    expect(largePhoto().getAttribute('src')).toBe('/api/files/p2?w=960')
  })

  it('moves with the arrow keys from the previous and next buttons too, and with a click on them', async () => {
    const user = userEvent.setup()
    renderAt(<PhotoGallery photos={photos} address={address} />)
    await user.click(screen.getByRole('button', { name: 'Next photo' }))
    expect(largePhoto().getAttribute('src')).toBe('/api/files/p1?w=960')
    fireEvent.keyDown(screen.getByRole('button', { name: 'Previous photo' }), { key: 'ArrowLeft' })
    expect(largePhoto().getAttribute('src')).toBe('/api/files/p0?w=960')
    await user.click(screen.getByRole('button', { name: 'Previous photo' }))
    expect(largePhoto().getAttribute('src')).toBe('/api/files/p2?w=960')
  })

  it('shows one photo without thumbnails or arrows', () => {
    renderAt(<PhotoGallery photos={[photo(0)]} address={address} />)
    expect(screen.getByRole('img', { name: `Photo 1 of 1: ${address}` })).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('says so when there are no photos', () => {
    renderAt(<PhotoGallery photos={[]} address={address} />)
    expect(screen.getByText('No photos yet')).toBeTruthy()
    expect(screen.queryByRole('img', { name: /Photo/ })).toBeNull()
  })
})
