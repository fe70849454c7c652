import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import forge from 'node-forge'

/**
 * The certificate that seals completed packets (decision 016). An operator names a P12 in
 * SIGNING_CERT_P12; without one, each machine makes a self-signed certificate once and keeps it
 * under DATA_DIR, so documents it sealed before a restart still verify against the same key.
 */

export type SealingIdentity = {
  p12: Buffer
  passphrase: string
  /** SHA-256 hex of the certificate's DER */
  fingerprint: string
  subject: string
  selfSigned: boolean
  /** 'configured': SIGNING_CERT_P12; 'generated': the self-signed certificate made under DATA_DIR */
  source: 'configured' | 'generated'
}

const SELF_SIGNED_CN = 'Offerbook document sealing'
const VALID_YEARS = 10
/** Another process may be writing the self-signed P12 at the same moment; wait this long for it. */
const WAIT_FOR_OTHER_WRITER_MS = 10_000
/** PKCS#12 bag types (forge's oids table is typed loosely). */
const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2'
const CERT_BAG = '1.2.840.113549.1.12.10.1.3'

export async function loadSealingIdentity(options: { p12?: string | undefined; passphrase?: string | undefined; dataDir: string }): Promise<SealingIdentity> {
  if (options.p12 !== undefined && options.p12.trim() !== '') {
    const p12 = await readConfiguredP12(options.p12.trim())
    return openIdentity(p12, options.passphrase ?? '', 'configured')
  }
  return loadOrCreateSelfSigned(join(options.dataDir, 'signing'))
}

async function readConfiguredP12(setting: string): Promise<Buffer> {
  if (setting.startsWith('base64:')) {
    const p12 = Buffer.from(setting.slice('base64:'.length).trim(), 'base64')
    if (p12.length === 0) throw new Error('SIGNING_CERT_P12 starts with base64: but holds no data')
    return p12
  }
  try {
    return await readFile(setting)
  } catch (error) {
    throw new Error(`SIGNING_CERT_P12 names a file that cannot be read: ${setting}`, { cause: error })
  }
}

export type OpenedP12 = { key: forge.pki.rsa.PrivateKey; certificate: forge.pki.Certificate; certificates: forge.pki.Certificate[] }

/** The key and certificates of a P12 as @signpdf's P12Signer reads them: a shrouded RSA key and the certificate that matches it. Throws a plain Error saying what is wrong. */
export function openP12(p12: Buffer, passphrase: string): OpenedP12 {
  let parsed: forge.pkcs12.Pkcs12Pfx
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase)
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : 'not a PKCS#12 file, or the passphrase is wrong', { cause: error })
  }
  const key = parsed.getBags({ bagType: SHROUDED_KEY_BAG })[SHROUDED_KEY_BAG]?.[0]?.key as forge.pki.rsa.PrivateKey | undefined
  if (!key?.n) throw new Error('it holds no encrypted RSA private key')
  const certificates = (parsed.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? []).flatMap((bag) => (bag.cert ? [bag.cert] : []))
  const certificate = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey
    return publicKey.n?.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0
  })
  if (!certificate) throw new Error('no certificate in it matches its private key')
  return { key, certificate, certificates }
}

/** Opens the P12 now, so a bad file or passphrase fails at start-up rather than at the first seal. */
function openIdentity(p12: Buffer, passphrase: string, source: 'configured' | 'generated'): SealingIdentity {
  let opened: OpenedP12
  try {
    opened = openP12(p12, passphrase)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(
      source === 'configured'
        ? `SIGNING_CERT_P12 cannot be opened with SIGNING_CERT_PASSPHRASE: ${reason}`
        : `The generated sealing certificate under DATA_DIR/signing cannot be opened (${reason}); remove seal.p12 and seal-passphrase to make a new one`,
      { cause: error },
    )
  }
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(opened.certificate)).getBytes(), 'binary')
  const subject = distinguishedName(opened.certificate.subject)
  return {
    p12,
    passphrase,
    fingerprint: createHash('sha256').update(der).digest('hex'),
    subject,
    selfSigned: subject === distinguishedName(opened.certificate.issuer),
    source,
  }
}

function distinguishedName(name: forge.pki.Certificate['subject']): string {
  return name.attributes.map((attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${String(attribute.value)}`).join(', ')
}

async function loadOrCreateSelfSigned(directory: string): Promise<SealingIdentity> {
  const p12Path = join(directory, 'seal.p12')
  const passphrasePath = join(directory, 'seal-passphrase')
  const existing = await readSelfSigned(p12Path, passphrasePath)
  if (existing) return existing

  await mkdir(directory, { recursive: true, mode: 0o700 })
  const passphrase = randomBytes(32).toString('base64url')
  const p12 = createSelfSignedP12(passphrase)
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`
  const p12Temp = `${p12Path}.${suffix}`
  const passphraseTemp = `${passphrasePath}.${suffix}`
  await writeFile(p12Temp, p12, { mode: 0o600 })
  await writeFile(passphraseTemp, passphrase, { mode: 0o600 })
  try {
    // link() fails when the name exists: of two processes starting together, one wins and the other
    // reads the winner's files instead of sealing with a certificate nobody kept.
    await link(passphraseTemp, passphrasePath)
  } catch (error) {
    await Promise.all([rm(p12Temp, { force: true }), rm(passphraseTemp, { force: true })])
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return waitForSelfSigned(p12Path, passphrasePath)
  }
  await rename(p12Temp, p12Path)
  await rm(passphraseTemp, { force: true })
  return openIdentity(p12, passphrase, 'generated')
}

async function readSelfSigned(p12Path: string, passphrasePath: string): Promise<SealingIdentity | null> {
  const [p12, passphrase] = await Promise.all([readFile(p12Path).catch(missingAsNull), readFile(passphrasePath, 'utf8').catch(missingAsNull)])
  if (p12 === null || passphrase === null) return null
  return openIdentity(p12, passphrase.trim(), 'generated')
}

async function waitForSelfSigned(p12Path: string, passphrasePath: string): Promise<SealingIdentity> {
  const deadline = Date.now() + WAIT_FOR_OTHER_WRITER_MS
  for (;;) {
    const identity = await readSelfSigned(p12Path, passphrasePath)
    if (identity) return identity
    if (Date.now() > deadline) throw new Error(`${passphrasePath} exists without ${p12Path}; remove it to make a new sealing certificate`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function missingAsNull(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
  throw error
}

/** node:crypto makes the RSA key (forge's pure-JS keygen takes seconds); forge builds the certificate and the P12. */
export function createSelfSignedP12(passphrase: string, { commonName = SELF_SIGNED_CN, now = new Date() }: { commonName?: string; now?: Date } = {}): Buffer {
  const { privateKey: privatePem } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs1', format: 'pem' } })
  const key = forge.pki.privateKeyFromPem(privatePem) as forge.pki.rsa.PrivateKey
  const certificate = forge.pki.createCertificate()
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  // A positive serial: DER integers are signed, so the first byte stays below 0x80.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`
  certificate.validity.notBefore = new Date(now.getTime() - 60_000)
  certificate.validity.notAfter = new Date(now)
  certificate.validity.notAfter.setFullYear(now.getFullYear() + VALID_YEARS)
  const name = [{ name: 'commonName', value: commonName }, { name: 'organizationName', value: 'Offerbook' }]
  certificate.setSubject(name)
  certificate.setIssuer(name)
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ])
  certificate.sign(key, forge.md.sha256.create())
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, { algorithm: '3des', friendlyName: commonName })
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')
}
