import { describe, expect, it } from 'vitest'
import { createIds } from '../../electron/service/core/ids'
import { processorReference } from '../../electron/service/lifecycle/result'

/** ids.ts receiptAt: M-Pesa-style receipts, dated in Nairobi time and numbered in order. */
describe('receipts', () => {
  const at = (iso: string) => Date.parse(iso)

  it('begin with T, the month and the day in Nairobi time, then seven sorted digits', () => {
    const ids = createIds(() => at('2026-01-05T08:00:00Z'))
    expect(ids.receipt()).toMatch(/^TA5[0-9A-Z]{7}$/)
    expect(ids.receipt(at('2026-12-31T20:59:59.999Z'))).toMatch(/^TLV[0-9A-Z]{7}$/)
    // 21:00 UTC on 31 December is midnight of 1 January in Nairobi.
    expect(ids.receipt(at('2026-12-31T21:00:00Z'))).toBe('TA10000000')
    expect(ids.receipt(at('2026-11-10T12:00:00Z'))).toMatch(/^TKA/)
  })

  it('sort by time within a day, and never repeat when many share a millisecond or the clock stands still', () => {
    let now = at('2026-11-26T09:00:00Z')
    const ids = createIds(() => now)
    const issued: string[] = []
    for (let i = 0; i < 5_000; i++) {
      issued.push(ids.receipt())
      if (i % 2_500 === 2_499) now += 1
    }
    for (let i = 0; i < 3_000; i++) issued.push(ids.receipt(at('2026-11-26T10:00:00Z')))
    expect(new Set(issued).size).toBe(issued.length)
    expect([...issued].sort()).toEqual(issued)
  })

  it('a bank reference is FT and eight characters of a receipt', () => {
    const ids = createIds(() => at('2026-11-26T09:00:00Z'))
    // 26 November: K, Q (1-9, then A for the 10th).
    expect(processorReference(ids, 'partnerbank')).toMatch(/^FTQ[0-9A-Z]{7}$/)
    expect(processorReference(ids, 'mobile')).toMatch(/^TKQ[0-9A-Z]{7}$/)
  })
})
