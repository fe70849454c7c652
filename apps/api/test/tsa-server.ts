import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { AsnConvert } from '@peculiar/asn1-schema'
import { TimeStampReq } from '@peculiar/asn1-tsp'

const exec = promisify(execFile)

/**
 * An RFC 3161 timestamp authority on 127.0.0.1 (decision 052): `openssl ts -reply` with a TSA
 * certificate (extendedKeyUsage critical timeStamping) under a root made here with openssl. `mode`
 * picks a fault: 'garbage' answers random bytes, 'wrong-nonce' a valid token for another nonce,
 * 'hang' never answers; `stop()` closes the port (connection refused) and `start()` opens it again.
 */
export type TsaMode = 'ok' | 'garbage' | 'wrong-nonce' | 'hang'

export type LocalTsaOptions = {
  /**
   * A CA that publishes revocation data: the TSA certificate names a CRL distribution point on this
   * server (`/root.crl`, the root's CRL, served while `crlServed` is true), and a sealing P12 with
   * one is made under the same root (`sealingP12`, passphrase `sealingPassphrase`).
   */
  revocation?: boolean
  /** The TSA certificate's validity in days (a short one makes a document timestamp due for renewal). */
  tsaDays?: number
}

export type LocalTsa = {
  url: string
  /** Whether GET /root.crl answers (revocation only). */
  crlServed: boolean
  crlRequests: number
  sealingP12: Buffer | null
  sealingPassphrase: string
  mode: TsaMode
  /** Requests received, in every mode. */
  requests: number
  /** The root certificate (PEM file) the TSA's certificate chains to, for `openssl ts -verify -CAfile`. */
  rootPath: string
  /** The TSA certificate's subject, as the seal reports it. */
  subject: string
  dir: string
  stop: () => Promise<void>
  start: () => Promise<void>
  close: () => Promise<void>
}

const TSA_CONFIG = (dir: string) => `
[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = ${dir}
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.crt
certs = $dir/root.crt
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`

export const LOCAL_TSA_SUBJECT = 'O=Offerbook Tests, CN=Offerbook Test TSA'

const CA_CONFIG = `
[ ca ]
default_ca = root
[ root ]
database = index.txt
crlnumber = crlnumber
default_md = sha256
default_crl_days = 30
`

export const SEALING_PASSPHRASE = 'local-ca-sealing'

/**
 * Makes a root CA and a TSA certificate under it with openssl, in `dir`. With `crlUrl`, the TSA
 * certificate names it as its CRL distribution point, the root's (empty) CRL is written as root.crl
 * (DER), and a sealing certificate naming it too is exported with the root as sealing.p12.
 */
async function makeAuthority(dir: string, { crlUrl, tsaDays = 3650 }: { crlUrl?: string; tsaDays?: number }): Promise<void> {
  const at = (name: string) => join(dir, name)
  const crlLine = crlUrl ? `crlDistributionPoints=URI:${crlUrl}\n` : ''
  await exec('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('root.key'), '-out', at('root.crt'), '-days', '3650', '-subj', '/O=Offerbook Tests/CN=Offerbook Test Root', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'])
  await exec('openssl', ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('tsa.key'), '-out', at('tsa.csr'), '-subj', '/O=Offerbook Tests/CN=Offerbook Test TSA'])
  await writeFile(at('tsa.ext'), `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n${crlLine}`)
  await exec('openssl', ['x509', '-req', '-in', at('tsa.csr'), '-CA', at('root.crt'), '-CAkey', at('root.key'), '-CAcreateserial', '-out', at('tsa.crt'), '-days', String(tsaDays), '-sha256', '-extfile', at('tsa.ext')])
  await writeFile(at('serial'), '01\n')
  await writeFile(at('tsa.cnf'), TSA_CONFIG(dir))
  if (!crlUrl) return
  await writeFile(at('index.txt'), '')
  await writeFile(at('crlnumber'), '01\n')
  await writeFile(at('ca.cnf'), CA_CONFIG)
  await exec('openssl', ['ca', '-gencrl', '-config', at('ca.cnf'), '-keyfile', at('root.key'), '-cert', at('root.crt'), '-out', at('root.crl.pem')], { cwd: dir })
  await exec('openssl', ['crl', '-in', at('root.crl.pem'), '-outform', 'DER', '-out', at('root.crl')])
  await exec('openssl', ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('sealing.key'), '-out', at('sealing.csr'), '-subj', '/O=Offerbook Tests/CN=Offerbook Test Sealing'])
  await writeFile(at('sealing.ext'), `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n${crlLine}`)
  await exec('openssl', ['x509', '-req', '-in', at('sealing.csr'), '-CA', at('root.crt'), '-CAkey', at('root.key'), '-CAcreateserial', '-out', at('sealing.crt'), '-days', '3650', '-sha256', '-extfile', at('sealing.ext')])
  await exec('openssl', ['pkcs12', '-export', '-inkey', at('sealing.key'), '-in', at('sealing.crt'), '-certfile', at('root.crt'), '-passout', `pass:${SEALING_PASSPHRASE}`, '-out', at('sealing.p12')])
}

export async function startLocalTsa({ revocation = false, tsaDays }: LocalTsaOptions = {}): Promise<LocalTsa> {
  const dir = await mkdtemp(join(tmpdir(), 'local-tsa-'))
  let answered = 0
  const reply = async (query: Buffer): Promise<Buffer> => {
    const name = `q${++answered}`
    const queryPath = join(dir, `${name}.tsq`)
    const replyPath = join(dir, `${name}.tsr`)
    await writeFile(queryPath, query)
    await exec('openssl', ['ts', '-reply', '-config', join(dir, 'tsa.cnf'), '-section', 'tsa_config', '-queryfile', queryPath, '-out', replyPath])
    const answer = await readFile(replyPath)
    await Promise.all([rm(queryPath, { force: true }), rm(replyPath, { force: true })])
    return answer
  }
  const sockets = new Set<Socket>()
  let crl: Buffer | null = null
  const state: LocalTsa = {
    url: '',
    crlServed: true,
    crlRequests: 0,
    sealingP12: null,
    sealingPassphrase: SEALING_PASSPHRASE,
    mode: 'ok',
    requests: 0,
    rootPath: join(dir, 'root.crt'),
    subject: LOCAL_TSA_SUBJECT,
    dir,
    stop: async () => {},
    start: async () => {},
    close: async () => {},
  }
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/root.crl') {
      state.crlRequests += 1
      if (!state.crlServed || !crl) response.writeHead(503).end()
      else response.writeHead(200, { 'content-type': 'application/pkix-crl' }).end(crl)
      return
    }
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      state.requests += 1
      if (state.mode === 'hang') return
      void (async () => {
        let query = Buffer.concat(chunks)
        if (state.mode === 'garbage') {
          response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(randomBytes(300))
          return
        }
        if (state.mode === 'wrong-nonce') {
          const parsed = AsnConvert.parse(query, TimeStampReq)
          const other = randomBytes(8)
          other[0] = 0x11
          parsed.nonce = other.buffer.slice(other.byteOffset, other.byteOffset + other.byteLength)
          query = Buffer.from(AsnConvert.serialize(parsed))
        }
        const answer = await reply(query)
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(answer)
      })().catch((error: unknown) => response.writeHead(500).end(String(error)))
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  let port = 0
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  const unlisten = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
  await listen()
  port = (server.address() as AddressInfo).port
  state.url = `http://127.0.0.1:${port}/tsa`
  await makeAuthority(dir, { ...(revocation ? { crlUrl: `http://127.0.0.1:${port}/root.crl` } : {}), ...(tsaDays ? { tsaDays } : {}) })
  if (revocation) {
    crl = await readFile(join(dir, 'root.crl'))
    state.sealingP12 = await readFile(join(dir, 'sealing.p12'))
  }
  state.stop = unlisten
  state.start = listen
  state.close = async () => {
    if (server.listening) await unlisten()
    await rm(dir, { recursive: true, force: true })
  }
  return state
}
