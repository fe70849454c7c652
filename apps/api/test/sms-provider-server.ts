import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A Twilio-compatible Messages API on 127.0.0.1 that refuses chosen numbers: a number in `refused`
 * gets Twilio's 400 error body (code 21211), and while `down` is set every request gets a 503.
 * Everything else is accepted with a fresh sid. `sent` keeps the accepted texts.
 */
export type SmsProvider = {
  url: string
  refused: Set<string>
  down: boolean
  sent: { to: string; from: string; body: string }[]
  /** Every request, accepted or not, by number. */
  tried: string[]
  close: () => Promise<void>
}

export async function startSmsProvider(): Promise<SmsProvider> {
  const state: SmsProvider = { url: '', refused: new Set(), down: false, sent: [], tried: [], close: async () => {} }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      const to = form.get('To') ?? ''
      state.tried.push(to)
      response.setHeader('content-type', 'application/json')
      if (state.down) {
        response.writeHead(503).end(JSON.stringify({ code: 20503, message: 'Service unavailable', status: 503 }))
        return
      }
      if (state.refused.has(to)) {
        response.writeHead(400).end(JSON.stringify({ code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 }))
        return
      }
      state.sent.push({ to, from: form.get('From') ?? '', body: form.get('Body') ?? '' })
      response.writeHead(201).end(JSON.stringify({ sid: `SM${String(state.sent.length).padStart(32, '0')}`, status: 'queued', to }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  state.url = `http://127.0.0.1:${port}`
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return state
}
