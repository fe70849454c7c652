// Writes the OpenAPI document the app generates (app.swagger()) to the path given, building the app
// in-process as the tests do: test configuration, an in-memory PGlite, no listening socket.
import { writeFile } from 'node:fs/promises'
import { buildTestApp } from '../test/build-test-app'

const target = process.argv[2]
if (!target) {
  console.error('usage: tsx apps/api/scripts/openapi-document.ts <output.json>')
  process.exit(2)
}

// With single sign-on configured, so that its routes (registered only then) are in the document too;
// nothing is fetched from the issuer until someone starts a sign-on.
const { app, close } = await buildTestApp({
  config: { oidc: { issuer: 'https://sso.invalid', clientId: 'offerbook', clientSecret: 'offerbook-client-secret', name: 'Single sign-on' } },
})
try {
  await writeFile(target, `${JSON.stringify(app.swagger(), null, 2)}\n`)
} finally {
  await close()
}
