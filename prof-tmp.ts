import { readFileSync } from 'node:fs'
const file = process.argv[2]!
const p = JSON.parse(readFileSync(file, 'utf8'))
const bundle = readFileSync('dist-cli/paydesk.cjs', 'utf8').split('\n')
const starts: { line: number; source: string }[] = []
bundle.forEach((t, i) => { if (/^\/\/ [\w./-]+\.tsx?$/.test(t)) starts.push({ line: i + 1, source: t.slice(3) }) })
const src = (url: string, line: number) => url.endsWith('.cjs') ? (starts.findLast((s) => s.line <= line + 1)?.source ?? 'cjs?') : (url.replace(/^.*node_modules\//, 'nm/').split('/').slice(0, 3).join('/') || '(native/gc)')
const self = new Map<number, number>()
p.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)))
const by = new Map<string, number>(); let total = 0
for (const n of p.nodes) { const us = self.get(n.id) ?? 0; if (n.callFrame.functionName === '(idle)') continue; total += us; const k = src(n.callFrame.url, n.callFrame.lineNumber) + (n.callFrame.url ? '' : ' ' + n.callFrame.functionName); by.set(k, (by.get(k) ?? 0) + us) }
console.log('busy ms', Math.round(total / 1000))
for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 40))) console.log((v / 1000).toFixed(0).padStart(7), (100 * v / total).toFixed(1).padStart(5) + '%', k)
