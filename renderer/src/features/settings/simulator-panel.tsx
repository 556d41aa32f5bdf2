import { useState } from 'react'
import type { SimulatorMode, SimulatorState } from '../../../../shared/schemas/simulator'
import { useSimulatorState } from '../../api/hooks/simulator'
import { useUpdateSimulator } from '../../api/hooks/settings'
import { ErrorNotice } from '../../components/error-notice'
import { OptionCard } from '../../components/option-card'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Tag } from '../../components/status-badge'
import { formatDuration } from './durations'

const MODES: { value: SimulatorMode; label: string; description: string }[] = [
  { value: 'fast', label: 'Fast', description: 'Results in 1–3 s; webhook retries run in seconds. Best for development and tests.' },
  { value: 'realistic', label: 'Realistic', description: 'Real timings: charges 5–30 s (timeouts after 60 s), payouts 2–10 s, bank 5–60 s; the real retry schedule.' },
  { value: 'interactive', label: 'Interactive', description: 'Each charge waits for you to answer the customer’s prompt on the Charges screen (60 s, then it times out).' },
]

/** How the simulated processor answers, and whether it answers at all right now (pause). Applies to both environments. */
export function SimulatorPanel() {
  const simulator = useSimulatorState()
  return (
    <Panel title="Simulator">
      <QueryView query={simulator} loadingLabel="Loading the simulator…">
        {(state) => <SimulatorControls state={state} />}
      </QueryView>
    </Panel>
  )
}

function SimulatorControls({ state }: { state: SimulatorState }) {
  const update = useUpdateSimulator()
  // While a change is on its way, show what was asked for rather than flicking back to the old state.
  // The chosen mode is held locally from the click on: the mutation only reports "pending" a moment later,
  // and a controlled radio would otherwise snap back in between.
  const [chosenMode, setChosenMode] = useState<SimulatorMode | null>(null)
  const asked = update.isPending ? update.variables.body : {}
  const mode = chosenMode ?? asked.mode ?? state.mode
  const paused = asked.paused ?? state.paused
  const chooseMode = (value: SimulatorMode) => {
    setChosenMode(value)
    update.mutate({ body: { mode: value } }, { onSettled: () => setChosenMode(null) })
  }
  return (
    <div className="stack">
      {update.isError ? <ErrorNotice error={update.error} title="The simulator was not changed" /> : null}
      <fieldset className="option-cards" aria-describedby="simulator-mode-note">
        <legend className="field__label">Mode</legend>
        {MODES.map((option) => (
          <OptionCard key={option.value} name="simulator-mode" {...option} checked={mode === option.value}
            onChange={() => chooseMode(option.value)} />
        ))}
      </fieldset>
      <p className="form__note" id="simulator-mode-note">
        Transactions already waiting keep the timing they were given; the new mode applies to transactions accepted from now on.
        Funds of a completed charge settle after {formatDuration(state.settlementDelayMs)}.
      </p>
      <div className="simulator-run">
        <span className="row">
          Processing <Tag tone={paused ? 'warning' : 'success'}>{paused ? 'Paused' : 'Running'}</Tag>
        </span>
        <button type="button" className="button button--secondary" disabled={update.isPending} aria-describedby="simulator-pause-note"
          onClick={() => update.mutate({ body: { paused: !paused } })}>
          {paused ? 'Resume' : 'Pause'}
        </button>
      </div>
      <p className="form__note" id="simulator-pause-note">
        While paused nothing finalizes or settles on its own, so you can inspect a pending state; answering a prompt and Settle now still work.
      </p>
      <span className="visually-hidden" role="status">{`Simulator mode ${mode}, ${paused ? 'paused' : 'running'}`}</span>
    </div>
  )
}
