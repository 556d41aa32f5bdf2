import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../electron/service/db/connection'
import { SETTINGS, type Setting } from '../../electron/service/db/settings-registry'
import { createSettingsRepo } from '../../electron/service/db/settings-repo'
import { createTableWatch } from '../../electron/service/db/cache/table-watch'

const entries = Object.values(SETTINGS).map((entry) => (typeof entry === 'function' ? entry('org_x') : entry)) as Setting<unknown>[]

function fresh() {
  const db = openDatabase(':memory:')
  return { db, settings: createSettingsRepo(db, createTableWatch(db)), write: (key: string, text: string) => db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(key, text) }
}

describe('the settings registry', () => {
  it('spells each key once, and every default is a valid value of its own schema', () => {
    const keys = entries.map((entry) => entry.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const entry of entries) expect(entry.schema.safeParse(entry.default).success, entry.key).toBe(true)
  })

  it('reads the default when nothing, non-JSON or an invalid value is stored, and the stored value otherwise', () => {
    const { settings, write } = fresh()
    expect(settings.get(SETTINGS.simulatorMode)).toBe('fast')
    expect(settings.get(SETTINGS.hostHttpPort)).toBe(SETTINGS.hostHttpPort.default)
    write('simulator.mode', '"warp"')
    expect(settings.get(SETTINGS.simulatorMode)).toBe('fast')
    write('host.httpPort', 'not json')
    expect(settings.get(SETTINGS.hostHttpPort)).toBe(SETTINGS.hostHttpPort.default)
    write('simulator.mode', '"realistic"')
    expect(settings.get(SETTINGS.simulatorMode)).toBe('realistic')
    write('requestChecks.strict.org_1', 'true')
    expect(settings.get(SETTINGS.strictRequestChecks('org_1'))).toBe(true)
    expect(settings.get(SETTINGS.strictRequestChecks('org_2'))).toBe(false)
  })

  it('writes only valid values, and a value changed behind its back (a snapshot restore) is read anew', () => {
    const { settings, write } = fresh()
    settings.set(SETTINGS.settlementDelayMs, 5_000)
    expect(settings.get(SETTINGS.settlementDelayMs)).toBe(5_000)
    settings.set(SETTINGS.settlementDelayMs, null)
    expect(settings.get(SETTINGS.settlementDelayMs)).toBeNull()
    expect(() => settings.set(SETTINGS.hostHttpPort, 80)).toThrow()
    expect(() => settings.set(SETTINGS.simulatorMode, 'warp' as never)).toThrow()
    settings.set(SETTINGS.clockOffsetMs, 1_000)
    expect(settings.get(SETTINGS.clockOffsetMs)).toBe(1_000)
    write('clock.offsetMs', '2000')
    expect(settings.get(SETTINGS.clockOffsetMs)).toBe(2_000)
  })
})
