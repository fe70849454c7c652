// Fails when a package's imports go round in a circle (a imports b imports a), type imports
// included: a circle makes the load order decide what a module sees, and says the two files are one.
// Each package is read with its own tsconfig; imports between packages (@offerbook/domain/*) are
// left out, as the domain imports nothing of the apps.
import madge from 'madge'
import { join } from 'node:path'
import { ROOT } from './build-if-stale.mjs'

const PACKAGES = ['packages/domain', 'apps/api', 'apps/web']

let circles = 0
for (const folder of PACKAGES) {
  const result = await madge(join(ROOT, folder, 'src'), {
    baseDir: ROOT,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: join(ROOT, folder, 'tsconfig.json'),
  })
  const found = result.circular()
  circles += found.length
  console.log(`lint:circles: ${folder}/src, ${Object.keys(result.obj()).length} files, ${found.length === 0 ? 'no circle' : `${found.length} circle(s)`}`)
  for (const circle of found) console.error(`  ${[...circle, circle[0]].join(' > ')}`)
}
if (circles > 0) {
  console.error(`lint:circles: ${circles} import circle(s); break each one (move what both files need into a third)`)
  process.exit(1)
}
