import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSealingIdentity } from './signing-certificate'

let workDir = ''
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'signing-certificate-'))
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout: String(stdout), stderr: String(stderr) }))
  })
}

describe('loadSealingIdentity', () => {
  it('makes a self-signed certificate once under the data directory and reuses it', async () => {
    const dataDir = join(workDir, 'data')
    const first = await loadSealingIdentity({ dataDir })
    expect(first.selfSigned).toBe(true)
    expect(first.subject).toContain('CN=Offerbook document sealing')
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/)
    for (const file of ['seal.p12', 'seal-passphrase']) expect((await stat(join(dataDir, 'signing', file))).mode & 0o777).toBe(0o600)

    const second = await loadSealingIdentity({ dataDir })
    expect(second.fingerprint).toBe(first.fingerprint)
    expect(second.p12.equals(first.p12)).toBe(true)

    // OpenSSL reads what we wrote: a 10-year RSA 2048 certificate for signing.
    const p12Path = join(dataDir, 'signing', 'seal.p12')
    const passphrase = await readFile(join(dataDir, 'signing', 'seal-passphrase'), 'utf8')
    const pem = await run('openssl', ['pkcs12', '-in', p12Path, '-nokeys', '-clcerts', '-passin', `pass:${passphrase}`])
    expect(pem.code, pem.stderr).toBe(0)
    const text = await new Promise<string>((resolve, reject) => {
      const child = execFile('openssl', ['x509', '-noout', '-text', '-fingerprint', '-sha256'], (error, stdout) => (error ? reject(error) : resolve(String(stdout))))
      child.stdin?.end(pem.stdout)
    })
    expect(text).toContain('Public-Key: (2048 bit)')
    expect(text).toMatch(/Digital Signature, Non Repudiation/)
    expect(text.replace(/:/g, '').toLowerCase()).toContain(first.fingerprint)
    const years = /Not After : .*?(\d{4})/.exec(text)?.[1]
    expect(Number(years)).toBe(new Date().getUTCFullYear() + 10)
  })

  it('makes only one certificate when two processes start together', async () => {
    const dataDir = join(workDir, 'race')
    const [a, b] = await Promise.all([loadSealingIdentity({ dataDir }), loadSealingIdentity({ dataDir })])
    expect(a.fingerprint).toBe(b.fingerprint)
    expect((await loadSealingIdentity({ dataDir })).fingerprint).toBe(a.fingerprint)
  })

  describe('a P12 named in SIGNING_CERT_P12', () => {
    let p12Path = ''
    beforeAll(async () => {
      // Made by OpenSSL, as an operator would, with its current defaults (AES-256, PBKDF2).
      const key = join(workDir, 'key.pem')
      const cert = join(workDir, 'cert.pem')
      p12Path = join(workDir, 'operator.p12')
      const made = await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '30', '-subj', '/CN=Example Realty Seal/O=Example Realty'])
      expect(made.code, made.stderr).toBe(0)
      const exported = await run('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', p12Path, '-passout', 'pass:correct horse'])
      expect(exported.code, exported.stderr).toBe(0)
    })

    it('is read from its path', async () => {
      const identity = await loadSealingIdentity({ p12: p12Path, passphrase: 'correct horse', dataDir: join(workDir, 'unused') })
      expect(identity.subject).toContain('CN=Example Realty Seal')
      expect(identity.selfSigned).toBe(true)
      expect(identity.passphrase).toBe('correct horse')
      // The configured certificate is used as it is: nothing is generated.
      await expect(stat(join(workDir, 'unused'))).rejects.toThrow()
    })

    it('is read from base64: followed by its contents', async () => {
      const bytes = await readFile(p12Path)
      const fromPath = await loadSealingIdentity({ p12: p12Path, passphrase: 'correct horse', dataDir: workDir })
      const inline = await loadSealingIdentity({ p12: `base64:${bytes.toString('base64')}`, passphrase: 'correct horse', dataDir: workDir })
      expect(inline.fingerprint).toBe(fromPath.fingerprint)
    })

    it('names the settings to fix when the passphrase is wrong or the file is missing', async () => {
      await expect(loadSealingIdentity({ p12: p12Path, passphrase: 'wrong', dataDir: workDir })).rejects.toThrow(/SIGNING_CERT_P12.*SIGNING_CERT_PASSPHRASE/)
      await expect(loadSealingIdentity({ p12: p12Path, dataDir: workDir })).rejects.toThrow(/SIGNING_CERT_P12.*SIGNING_CERT_PASSPHRASE/)
      await expect(loadSealingIdentity({ p12: 'base64:bm90IGEgcDEy', passphrase: 'x', dataDir: workDir })).rejects.toThrow(/SIGNING_CERT_P12/)
      await expect(loadSealingIdentity({ p12: join(workDir, 'missing.p12'), passphrase: 'x', dataDir: workDir })).rejects.toThrow(/SIGNING_CERT_P12/)
    })
  })
})
