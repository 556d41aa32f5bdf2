import { describe, expect, it } from 'vitest'
import { ofxDateTime } from '../../shared/statements/ofx'

// OFX writes local wall time with the zone's offset in brackets; half-hour zones write the minutes after a dot.
describe('ofxDateTime', () => {
  it('writes the wall time of the zone with its offset', () => {
    const at = Date.UTC(2026, 10, 21, 9, 0, 3, 45)
    expect(ofxDateTime(at, 'Africa/Nairobi')).toBe('20261121120003.045[+3]')
    expect(ofxDateTime(at, 'UTC')).toBe('20261121090003.045[+0]')
    expect(ofxDateTime(at, 'Asia/Kolkata')).toBe('20261121143003.045[+5.30]')
    expect(ofxDateTime(at, 'America/New_York')).toBe('20261121040003.045[-5]')
  })
})
