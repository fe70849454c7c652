import { lookup as dnsLookup } from 'node:dns'
import type { LookupAddress, LookupOptions } from 'node:dns'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP } from 'node:net'
import { createGunzip } from 'node:zlib'

/**
 * One HTTP GET to a server we do not run: a deadline for the whole exchange, a cap on the body (gzip
 * decompressed as it comes), and, when asked, no connection to loopback, private or link-local
 * addresses, so an address a user gave cannot point the server at its own network.
 */

export type HttpResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer }

export type SafeGetOptions = {
  headers: Record<string, string>
  timeoutMs: number
  maxBytes: number
  /** Refuse to connect to loopback, private and link-local addresses. */
  publicOnly?: boolean
  /** Called once the request has been written out, or has failed before that. */
  onSent?: () => void
}

/** A POST through the same guard (a webhook's delivery): the body is sent as is. */
export type SafePostOptions = SafeGetOptions & { body: string }

/** An address the GET may not ask: not http(s), or not public when publicOnly is set. */
export class RefusedHostError extends Error {
  override name = 'RefusedHostError'
}

/** The body was larger than maxBytes. */
export class TooLargeError extends Error {
  override name = 'TooLargeError'
}

const PRIVATE_RANGES = (() => {
  const list = new BlockList()
  list.addSubnet('0.0.0.0', 8, 'ipv4')
  list.addSubnet('10.0.0.0', 8, 'ipv4')
  list.addSubnet('100.64.0.0', 10, 'ipv4')
  list.addSubnet('127.0.0.0', 8, 'ipv4')
  list.addSubnet('169.254.0.0', 16, 'ipv4')
  list.addSubnet('172.16.0.0', 12, 'ipv4')
  list.addSubnet('192.168.0.0', 16, 'ipv4')
  list.addSubnet('224.0.0.0', 3, 'ipv4')
  list.addAddress('::', 'ipv6')
  list.addAddress('::1', 'ipv6')
  list.addSubnet('fc00::', 7, 'ipv6')
  list.addSubnet('fe80::', 10, 'ipv6')
  return list
})()

export function isPrivateAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return isPrivateAddress(mapped[1]!)
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (mappedHex) {
    const [high, low] = [parseInt(mappedHex[1]!, 16), parseInt(mappedHex[2]!, 16)]
    return isPrivateAddress(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`)
  }
  const family = isIP(address)
  if (family === 0) return true
  return PRIVATE_RANGES.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** DNS lookup that refuses private addresses: checked on the address actually connected to, so a rebinding name cannot slip through. */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '')
    const list = addresses as LookupAddress[]
    const refused = list.find((entry) => isPrivateAddress(entry.address))
    if (refused || list.length === 0) return callback(new RefusedHostError(`${hostname} is not a public address`) as NodeJS.ErrnoException, '')
    if (options.all) return callback(null, list)
    callback(null, list[0]!.address, list[0]!.family)
  })
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase()
    const stream = encoding === 'gzip' || encoding === 'x-gzip' ? response.pipe(createGunzip()) : response
    const chunks: Buffer[] = []
    let size = 0
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        response.destroy()
        reject(new TooLargeError(`the response is larger than ${maxBytes} bytes`))
        return
      }
      chunks.push(chunk)
    })
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', reject)
    response.on('error', reject)
  })
}

/** One GET with a deadline for the whole exchange; gzip bodies are decompressed. */
export function safeGet(url: URL, options: SafeGetOptions): Promise<HttpResponse> {
  return safeRequest(url, options)
}

/** One POST with the same deadline, cap and address guard as safeGet; a redirect is not followed. */
export function safePost(url: URL, options: SafePostOptions): Promise<HttpResponse> {
  return safeRequest(url, options, options.body)
}

function safeRequest(url: URL, options: SafeGetOptions, body?: string): Promise<HttpResponse> {
  const refuse = (error: Error) => {
    options.onSent?.()
    return Promise.reject(error)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse(new RefusedHostError(`${url.protocol} is not http or https`))
  const literal = url.hostname.replace(/^\[|\]$/g, '')
  if (options.publicOnly && isIP(literal) !== 0 && isPrivateAddress(literal)) return refuse(new RefusedHostError(`${url.hostname} is not a public address`))
  const transport = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? options.headers : { ...options.headers, 'content-length': String(Buffer.byteLength(body)) }
    const request = transport.request(url, { method: body === undefined ? 'GET' : 'POST', headers, ...(options.publicOnly ? { lookup: publicLookup } : {}) }, (response) => {
      readBody(response, options.maxBytes).then(
        (received) => {
          clearTimeout(deadline)
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: received })
        },
        (error: unknown) => {
          clearTimeout(deadline)
          reject(error)
        },
      )
    })
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs)
    request.on('finish', () => options.onSent?.())
    request.on('error', (error) => {
      clearTimeout(deadline)
      options.onSent?.()
      reject(error)
    })
    request.end(body)
  })
}
