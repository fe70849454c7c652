/**
 * A fetch for the URLs of the operator's own configuration: the timestamp authorities
 * (SIGNING_TSA_URL) and the revocation URLs inside the configured certificates. They are not user
 * input, so they are fetched directly, loopback and private addresses included (the SSRF-safe client
 * stays for URLs users give), with a timeout, no redirects and a cap on the answer's size.
 */

export type OperatorFetchOptions = { timeoutMs: number; maxBytes: number; method?: 'GET' | 'POST'; body?: Buffer; headers?: Record<string, string> }

export async function fetchOperatorUrl(url: string, { timeoutMs, maxBytes, method = 'GET', body, headers }: OperatorFetchOptions): Promise<Buffer> {
  const response = await fetch(url, { method, headers, body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) }).catch((error: unknown) => {
    const cause = (error as { cause?: { code?: string } }).cause?.code
    throw new Error(error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `cannot connect${cause ? ` (${cause})` : ''}`)
  })
  if (!response.ok) {
    await response.body?.cancel()
    throw new Error(`HTTP ${response.status}`)
  }
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw new Error(`an answer of ${declared} bytes`)
  }
  const reader = response.body?.getReader()
  if (!reader) throw new Error('an empty answer')
  const chunks: Buffer[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel()
        throw new Error(`an answer over ${maxBytes} bytes`)
      }
      chunks.push(Buffer.from(value))
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') throw new Error(`no answer within ${timeoutMs} ms`, { cause: error })
    throw error
  }
  return Buffer.concat(chunks)
}
