import { describe, expect, it } from 'vitest'
import { parseUserAgent } from './user-agent'

describe('parseUserAgent', () => {
  it('names the browser with its major version and the system', () => {
    expect(parseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toEqual({ browser: 'Edge 131', system: 'Windows' })
    expect(parseUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toEqual({ browser: 'Safari 17', system: 'iOS' })
  })

  it('knows nothing of a missing or strange user agent', () => {
    expect(parseUserAgent(null)).toEqual({ browser: null, system: null })
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null })
  })
})
