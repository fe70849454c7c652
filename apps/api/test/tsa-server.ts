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

export type LocalTsa = {
  url: string
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

/** Makes a root CA and a TSA certificate under it with openssl, in a new directory. */
async function makeAuthority(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'local-tsa-'))
  const at = (name: string) => join(dir, name)
  await exec('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('root.key'), '-out', at('root.crt'), '-days', '3650', '-subj', '/O=Offerbook Tests/CN=Offerbook Test Root', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'])
  await exec('openssl', ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('tsa.key'), '-out', at('tsa.csr'), '-subj', '/O=Offerbook Tests/CN=Offerbook Test TSA'])
  await writeFile(at('tsa.ext'), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n')
  await exec('openssl', ['x509', '-req', '-in', at('tsa.csr'), '-CA', at('root.crt'), '-CAkey', at('root.key'), '-CAcreateserial', '-out', at('tsa.crt'), '-days', '3650', '-sha256', '-extfile', at('tsa.ext')])
  await writeFile(at('serial'), '01\n')
  await writeFile(at('tsa.cnf'), TSA_CONFIG(dir))
  return dir
}

export async function startLocalTsa(): Promise<LocalTsa> {
  const dir = await makeAuthority()
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
  const state: LocalTsa = {
    url: '',
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
  state.stop = unlisten
  state.start = listen
  state.close = async () => {
    if (server.listening) await unlisten()
    await rm(dir, { recursive: true, force: true })
  }
  return state
}
