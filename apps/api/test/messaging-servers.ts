import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ParsedMail } from 'mailparser'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { OutboxLog } from '../src/modules/messaging/outbox-worker'

/** Only the messaging tests use these: real servers on 127.0.0.1 that a transport talks to. */

export type TestSmtpServer = {
  url: string
  port: number
  received: ParsedMail[]
  /** Set to an SMTP reply (e.g. 451 or 550) to refuse recipients; null accepts. */
  refuseWith: { code: number; message: string } | null
  /** How long the server takes to accept a message's data. */
  delayMs: number
  close: () => Promise<void>
}

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ParsedMail[] = []
  const state: TestSmtpServer = { url: '', port: 0, received, refuseWith: null, delayMs: 0, close: async () => {} }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refuseWith) return callback()
      const error = Object.assign(new Error(state.refuseWith.message), { responseCode: state.refuseWith.code })
      callback(error)
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          setTimeout(() => {
            received.push(mail)
            callback()
          }, state.delayMs)
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address() as AddressInfo
  state.port = address.port
  state.url = `smtp://127.0.0.1:${address.port}`
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return state
}

export type SmsRequest = { path: string; authorization: string | undefined; contentType: string | undefined; form: URLSearchParams }

export type TestSmsServer = {
  url: string
  requests: SmsRequest[]
  /** The statuses to answer with, one per request; when empty, 201 with a fresh sid. */
  answers: number[]
  close: () => Promise<void>
}

export async function startSmsServer(): Promise<TestSmsServer> {
  const requests: SmsRequest[] = []
  const answers: number[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      requests.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      })
      const status = answers.shift() ?? 201
      response.writeHead(status, { 'content-type': 'application/json' })
      if (status >= 400) response.end(JSON.stringify({ code: status === 400 ? 21211 : 20503, message: status === 400 ? "The 'To' number is not a valid phone number." : 'Service unavailable', status }))
      else response.end(JSON.stringify({ sid: `SM${String(requests.length).padStart(32, '0')}`, status: 'queued' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type TestLog = OutboxLog & { lines: { level: string; message: string }[] }

/** Keeps what the worker logs, so a test can read it and nothing reaches the console. */
export function testLog(): TestLog {
  const lines: { level: string; message: string }[] = []
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({ level, message: args.filter((arg) => typeof arg === 'string').join(' ') })
    }
  return { lines, info: at('info'), warn: at('warn'), error: at('error') } as TestLog
}
