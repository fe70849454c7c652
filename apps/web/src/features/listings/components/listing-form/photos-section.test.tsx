import { useState } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListingMedia, ManagedListing } from '@offerbook/domain/listing'
import { initSession, saveSession } from '../../../../shared/session'
import { fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { PhotosSection } from './photos-section'

/** Stands in for the browser's XMLHttpRequest, so a test can report progress and answer like the API. */
class FakeXhr {
  static sent: FakeXhr[] = []
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  status = 0
  responseText = ''
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.sent.push(this)
  }
  abort() {
    this.onabort?.()
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total })
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

function media(n: number): ListingMedia {
  return { id: `m${n}`, MediaKey: `m${n}`, MediaURL: `/api/files/m${n}`, Order: n - 1, filename: `photo-${n}.jpg` }
}

function listingWith(photoCount: number): ManagedListing {
  return { id: 'L1', Media: Array.from({ length: photoCount }, (_, i) => media(i + 1)) } as unknown as ManagedListing
}

function Harness({ initial, onListing }: { initial: ManagedListing; onListing?: (listing: ManagedListing) => void }) {
  const [listing, setListing] = useState(initial)
  return (
    <PhotosSection
      listing={listing}
      onListing={(next) => {
        setListing(next)
        onListing?.(next)
      }}
    />
  )
}

const png = (name: string, bytes = 100) => new File([new Uint8Array(bytes)], name, { type: 'image/png' })

const api = fakeApi()

beforeEach(() => {
  initSession()
  FakeXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})

const user = () => userEvent.setup({ applyAccept: false })

// Forty-nine photo cards take a while to render in jsdom.
describe('PhotosSection', { timeout: 30_000 }, () => {
  it('refuses a file that is not JPEG, PNG or WebP, and one over 10 MB, before sending anything', async () => {
    renderAt(<Harness initial={listingWith(0)} />)
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' })
    await user().upload(screen.getByLabelText('Choose photos to upload'), [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), big])

    const uploads = screen.getByRole('list', { name: 'Uploads' })
    expect(within(uploads).getByText('Not uploaded: The photo must be a JPEG, PNG or WebP image')).toBeTruthy()
    expect(within(uploads).getByText('Not uploaded: The photo is larger than 10 MB')).toBeTruthy()
    expect(FakeXhr.sent).toHaveLength(0)
  })

  it('refuses the files beyond the 50 photos a listing may have', async () => {
    renderAt(<Harness initial={listingWith(49)} />)
    await user().upload(screen.getByLabelText('Choose photos to upload'), [png('one.png'), png('two.png')])

    expect(screen.getByText('Not uploaded: A listing can have at most 50 photos')).toBeTruthy()
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    expect(FakeXhr.sent[0]!.body!.get('photo')).toHaveProperty('name', 'one.png')
  })

  it('sends each file in its own request with the bearer token, shows its progress, then the photo', async () => {
    saveSession({ accessToken: 'tok-123', persist: false })
    const onListing = vi.fn()
    renderAt(<Harness initial={listingWith(1)} onListing={onListing} />)
    await user().upload(screen.getByLabelText('Choose photos to upload'), [png('front.png'), png('garden.png')])

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    const first = FakeXhr.sent[0]!
    expect(first.method).toBe('POST')
    expect(first.url).toBe('/api/listings/L1/photos')
    expect(first.headers.Authorization).toBe('Bearer tok-123')
    expect(screen.getByText('Waiting…')).toBeTruthy()

    first.progress(40, 100)
    expect(await screen.findByText('Uploading… 40%')).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Upload of front.png' }).getAttribute('aria-valuenow')).toBe('40')

    first.respond(201, { listing: { id: 'L1', Media: [media(1), media(2)] } })
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2))
    expect(onListing).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('img', { name: 'Photo 2: photo-2.jpg' })).toBeTruthy()

    FakeXhr.sent[1]!.respond(415, { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', key: 'listing.photoType', message: 'The photo must be a JPEG, PNG or WebP image' })
    expect(await screen.findByText('Not uploaded: The photo must be a JPEG, PNG or WebP image')).toBeTruthy()
    expect(screen.getAllByText('Uploaded')).toHaveLength(1)
  })

  it('marks the first photo as primary, and Make primary sends the new order with that photo first', async () => {
    api.on('PUT /api/listings/L1/photos/order', reply({ listing: { id: 'L1', Media: [{ ...media(3), Order: 0 }, { ...media(1), Order: 1 }, { ...media(2), Order: 2 }] } }))
    renderAt(<Harness initial={listingWith(3)} />)

    expect(within(screen.getByRole('listitem', { name: 'Photo 1, primary photo' })).getByText('Primary photo')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Move photo 1 earlier' }) as HTMLButtonElement).disabled).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Make photo 3 the primary photo' }))

    await waitFor(() => expect(api.calls()).toHaveLength(1))
    const [request] = api.calls()
    expect(request?.url).toBe('/api/listings/L1/photos/order')
    expect(request?.method).toBe('PUT')
    expect(request?.body).toEqual({ mediaIds: ['m3', 'm1', 'm2'] })
    expect(await screen.findByRole('img', { name: 'Photo 1: photo-3.jpg' })).toBeTruthy()
  })
})
