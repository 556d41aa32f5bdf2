import type { Store } from '../../db/store'
import { SETTINGS } from '../../db/settings-registry'
import type { Unit } from '../../core/unit'

/** The organization's "strict request checks" setting; `forced` (the host's --strict) wins. */
export function strictChecks(store: Store, organizationId: string, forced: boolean): boolean {
  return forced || store.settings.get(SETTINGS.strictRequestChecks(organizationId))
}

export function setStrictChecks(unit: Unit, organizationId: string, strict: boolean): void {
  unit.store.settings.set(SETTINGS.strictRequestChecks(organizationId), strict)
}
