import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { Environment } from '../../../shared/schemas/common'

interface EnvironmentState {
  /** Which environment's data every screen shows and every call acts in (`Paydesk-Environment`). */
  environment: Environment
  setEnvironment(environment: Environment): void
}

/** UI state: the environment switch in the header. Remembered across reloads as a preference. */
export const useEnvironmentStore = create<EnvironmentState>()(
  persist((set) => ({ environment: 'test', setEnvironment: (environment) => set({ environment }) }), {
    name: 'paydesk.environment',
    storage: createJSONStorage(() => window.localStorage),
  }),
)

export function useEnvironment(): Environment {
  return useEnvironmentStore((state) => state.environment)
}
