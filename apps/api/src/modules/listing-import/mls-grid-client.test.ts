import { describe, expect, it } from 'vitest'
import { startMlsGridServer } from '../../../test/mls-grid-server'
import { perFile } from '../../../test/per-file'
import { isPrivateAddress, RefusedHostError } from '../../http/safe-get'
import { agentPropertiesFilter, createMlsGridClient, downloadPhoto, FeedError, RequestSpacer, retryAfterMs } from './mls-grid-client'

describe('the replication query', () => {
  it('asks for one system and one agent, newer than the high-water mark or, the first time, only what may be shown', () => {
    expect(agentPropertiesFilter({ originatingSystem: 'actris', agentMlsId: 'TN-123', since: null })).toBe("OriginatingSystemName eq 'actris' and ListAgentMlsId eq 'TN-123' and MlgCanView eq true")
    expect(agentPropertiesFilter({ originatingSystem: undefined, agentMlsId: "O'Neil", since: new Date('2024-05-01T10:00:00.5Z') })).toBe(
      "ListAgentMlsId eq 'O''Neil' and ModificationTimestamp gt 2024-05-01T10:00:00.500Z",
    )
  })

  it('pages with $expand=Media and $top', () => {
    const client = createMlsGridClient({ url: 'https://api.mlsgrid.com/v2/', token: 't', originatingSystem: 'actris', pageSize: 500 })
    const url = client.agentPropertiesUrl({ agentMlsId: 'TN-1', since: null })
    expect(url.origin + url.pathname).toBe('https://api.mlsgrid.com/v2/Property')
    expect(url.searchParams.get('$filter')).toBe("OriginatingSystemName eq 'actris' and ListAgentMlsId eq 'TN-1' and MlgCanView eq true")
    expect(url.searchParams.get('$expand')).toBe('Media')
    expect(url.searchParams.get('$top')).toBe('500')
    // Spaces travel as %20, as OData examples write them.
    expect(url.search).toContain('%20eq%20')
  })
})

describe('the rate limit', () => {
  it('spaces turns from when each request went out, and holds everyone after a 429', async () => {
    const spacer = new RequestSpacer(100)
    const releases: number[] = []
    await Promise.all(
      [0, 1, 2].map(async () => {
        const sent = await spacer.take()
        // The request takes a while to go out; the next turn counts from then.
        await new Promise((resolve) => setTimeout(resolve, 30))
        releases.push(Date.now())
        sent()
      }),
    )
    expect(releases[1]! - releases[0]!).toBeGreaterThanOrEqual(125)
    expect(releases[2]! - releases[1]!).toBeGreaterThanOrEqual(125)
    spacer.pauseUntil(Date.now() + 300)
    const before = Date.now()
    ;(await spacer.take())()
    expect(Date.now() - before).toBeGreaterThanOrEqual(290)
  })

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2024-05-01T10:00:00Z')
    expect(retryAfterMs('3', now)).toBe(3000)
    expect(retryAfterMs('Wed, 01 May 2024 10:00:05 GMT', now)).toBe(5000)
    expect(retryAfterMs(undefined, now)).toBe(1000)
    expect(retryAfterMs('soon', now)).toBe(1000)
    expect(retryAfterMs('99999', now)).toBe(300_000)
  })
})

describe('against the recorded feed', () => {
  const server = perFile(startMlsGridServer, (started) => started.close())

  it('gives up on a feed that does not answer within the timeout', async () => {
    await server.setHang(true)
    try {
      const client = createMlsGridClient({ url: server.url, token: server.token, timeoutMs: 300, requestsPerSecond: 0 })
      const started = Date.now()
      const error = await client.fetchAgentProperties({ agentMlsId: 'TN-1', since: null }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(FeedError)
      expect((error as FeedError).kind).toBe('unavailable')
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      await server.setHang(false)
    }
  })

  it('does not follow a next link to another host with the token', async () => {
    const page = JSON.stringify({ value: [], '@odata.nextLink': 'https://elsewhere.example/v2/Property?$skiptoken=page-2' })
    await server.addRecording('elsewhere', [page])
    await server.play('elsewhere')
    const client = createMlsGridClient({ url: server.url, token: server.token, requestsPerSecond: 0 })
    const error = await client.fetchAgentProperties({ agentMlsId: 'TN-1', since: null }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'malformed' })
  })

  it("fetches the feed's photos from its own host, and from other hosts only at public addresses", async () => {
    const client = createMlsGridClient({ url: server.url, token: server.token, requestsPerSecond: 0 })
    expect((await client.downloadMedia(`${server.origin}/media/ok.png`)).subarray(1, 4).toString()).toBe('PNG')
    await expect(client.downloadMedia('http://10.0.0.1/photo.png')).rejects.toBeInstanceOf(RefusedHostError)
  })

  it('names a missing photo a failed download', async () => {
    const error = await downloadPhoto(`${server.origin}/media/missing.png`).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'http', status: 404 })
    expect((await downloadPhoto(`${server.origin}/media/ok.png`)).subarray(1, 4).toString()).toBe('PNG')
  })
})

describe('photos named by uploaded files', () => {
  it('are not fetched from loopback, private or link-local addresses', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0.0.0.0']) expect(isPrivateAddress(address), address).toBe(true)
    for (const address of ['8.8.8.8', '2606:4700:4700::1111']) expect(isPrivateAddress(address), address).toBe(false)
    await expect(downloadPhoto('http://127.0.0.1:9/x.png', { publicOnly: true })).rejects.toBeInstanceOf(RefusedHostError)
    await expect(downloadPhoto('http://localhost:9/x.png', { publicOnly: true })).rejects.toBeInstanceOf(RefusedHostError)
    await expect(downloadPhoto('file:///etc/passwd', { publicOnly: true })).rejects.toBeInstanceOf(RefusedHostError)
  })
})
