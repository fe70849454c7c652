// The server process of `npm start`: scripts/start.mjs is a primary that runs the server in a child
// process (node:cluster, decision 039), so what a bench measures (resident memory, CPU time) is read
// from that child. Read from /proc: the child of the primary that runs node:cluster's copy of start.mjs
// (not the esbuild service the primary keeps after bundling the server).
import { readdirSync, readFileSync } from 'node:fs'

/** The pid of the (first) server process under the primary `primaryPid`, or the primary itself when it has none. */
export function serverPid(primaryPid) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The fields after the command name, which is in parentheses: state, then the parent's pid.
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1])
      if (parent === primaryPid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('start.mjs')) return Number(entry)
    } catch {
      // gone meanwhile
    }
  }
  return primaryPid
}
