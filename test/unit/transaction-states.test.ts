import { describe, expect, it } from 'vitest'
import { isFinal } from '../../shared/transaction-states'

describe('isFinal (shared by the engine and the console)', () => {
  it('a completed charge still settles; every other completed transaction is final', () => {
    expect(isFinal({ type: 'charge', status: 'completed' })).toBe(false)
    for (const type of ['transfer', 'payment', 'bank_withdrawal', 'reversal', 'settlement']) expect(isFinal({ type, status: 'completed' })).toBe(true)
  })

  it('settled, failed and rejected are final; initiated and pending are not, whatever the type', () => {
    for (const type of ['charge', 'transfer', 'reversal']) {
      expect(['initiated', 'pending', 'completed', 'settled', 'failed', 'rejected'].filter((status) => isFinal({ type, status }))).toEqual(
        type === 'charge' ? ['settled', 'failed', 'rejected'] : ['completed', 'settled', 'failed', 'rejected'],
      )
    }
  })
})
