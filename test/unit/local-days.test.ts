import { describe, expect, it } from 'vitest'
import { addDays, dayOf, dayRange, dayStart, isDay, isTimeZone, isoInZone, wallTime } from '../../shared/local-days'
import { readAmount, readPhone, readQuery } from '../../electron/service/domain/search-query'

describe('local days of a named time zone', () => {
  it('start at local midnight, whatever the zone of the process', () => {
    expect(dayStart('2026-11-21', 'Africa/Nairobi')).toBe(Date.UTC(2026, 10, 20, 21))
    expect(dayStart('2026-11-21', 'UTC')).toBe(Date.UTC(2026, 10, 21))
    expect(dayStart('2026-11-21', 'America/Los_Angeles')).toBe(Date.UTC(2026, 10, 21, 8))
    expect(dayOf(Date.UTC(2026, 10, 20, 21), 'Africa/Nairobi')).toBe('2026-11-21')
    expect(dayOf(Date.UTC(2026, 10, 20, 20, 59, 59, 999), 'Africa/Nairobi')).toBe('2026-11-20')
  })

  it('read a wall-clock time of a day in the zone, with the offset that day has', () => {
    expect(wallTime('2026-11-21', 14, 5, 'Africa/Nairobi')).toBe(Date.UTC(2026, 10, 21, 11, 5))
    // London keeps summer time on 1 July and winter time on 1 December: the same wall time, an hour apart in UTC.
    expect(wallTime('2026-07-01', 9, 30, 'Europe/London')).toBe(Date.UTC(2026, 6, 1, 8, 30))
    expect(wallTime('2026-12-01', 9, 30, 'Europe/London')).toBe(Date.UTC(2026, 11, 1, 9, 30))
    // The day London's clocks go forward (01:00 UTC, 29 March 2026): noon is already summer time.
    expect(wallTime('2026-03-29', 12, 0, 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 11))
    expect(wallTime('2026-11-21', 0, 0, 'America/Los_Angeles')).toBe(dayStart('2026-11-21', 'America/Los_Angeles'))
  })

  it('write an instant as ISO 8601 with the offset the zone has at that instant', () => {
    expect(isoInZone(Date.UTC(2026, 10, 26, 11, 5, 9, 700), 'Africa/Nairobi')).toBe('2026-11-26T14:05:09+03:00')
    expect(isoInZone(Date.UTC(2026, 10, 26, 23, 30), 'America/Los_Angeles')).toBe('2026-11-26T15:30:00-08:00')
    expect(isoInZone(Date.UTC(2026, 6, 1, 8, 30), 'Europe/London')).toBe('2026-07-01T09:30:00+01:00')
    expect(isoInZone(Date.UTC(2026, 0, 1), 'UTC')).toBe('2026-01-01T00:00:00+00:00')
  })

  it('follow daylight saving: a 23-hour and a 25-hour day', () => {
    const spring = dayRange('2026-03-29', '2026-03-29', 'Europe/London')
    expect(spring.fromMs).toBe(Date.UTC(2026, 2, 29, 0))
    expect(spring.toMs + 1 - spring.fromMs).toBe(23 * 3_600_000)
    const autumn = dayRange('2026-10-25', '2026-10-25', 'Europe/London')
    expect(autumn.fromMs).toBe(Date.UTC(2026, 9, 24, 23))
    expect(autumn.toMs + 1 - autumn.fromMs).toBe(25 * 3_600_000)
  })

  it('validate days and zones, and count days across months', () => {
    expect([isDay('2026-02-28'), isDay('2026-02-30'), isDay('2026-2-1'), isDay('yesterday')]).toEqual([true, false, false, false])
    expect([isTimeZone('Africa/Nairobi'), isTimeZone('Mars/Olympus'), isTimeZone('')]).toEqual([true, false, false])
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })
})

describe('reading a search query', () => {
  it('reads a phone number in every spelling, and nothing else as one', () => {
    for (const spoken of ['0712 345 678', '0712345678', '712345678', '254712345678', '+254 712 345 678', '(0712) 345-678', '0112 345 678']) {
      expect(readPhone(spoken)).toMatch(/^\+254[17]12345678$/)
    }
    for (const other of ['1500', '0812345678', '07123456789', '+255712345678', 'TD6JVIQF8V']) expect(readPhone(other)).toBeNull()
  })

  it('reads amounts in shillings into minor units', () => {
    expect(['1500', '1,500', 'KES 1,500.00', 'kes1500', 'Ksh 1,500', '1500/=', '1500 bob', '1500.5'].map(readAmount))
      .toEqual([150_000, 150_000, 150_000, 150_000, 150_000, 150_000, 150_000, 150_050])
    expect(['15,00', '1.555', 'KES', '0', 'abc'].map(readAmount)).toEqual([null, null, null, null, null])
  })

  it('splits a day off an amount, and keeps words for everything else', () => {
    const now = Date.UTC(2026, 10, 21, 9)
    expect(readQuery('1500 yesterday', now, 'Africa/Nairobi')).toMatchObject({ amount: 150_000, day: { from: '2026-11-20' }, words: [], token: null })
    expect(readQuery('KES 1,500.00 today', now, 'Africa/Nairobi')).toMatchObject({ amount: 150_000, day: { from: '2026-11-21' } })
    expect(readQuery('School fees yesterday', now, 'UTC')).toMatchObject({ amount: null, day: null, words: ['School', 'fees'] })
    expect(readQuery('TD6JVIQF8V', now, 'UTC')).toMatchObject({ token: 'TD6JVIQF8V', phoneNumber: null, amount: null, words: ['TD6JVIQF8V'] })
    expect(readQuery('"; DROP TABLE x', now, 'UTC').words).toEqual(['DROP', 'TABLE', 'x'])
  })
})
