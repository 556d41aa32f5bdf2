import { Can } from '../../components/can'
import { PageHeader } from '../../components/page-header'
import { ApiFaultsPanel } from './api-faults-panel'
import { NotificationRulesPanel } from './notification-rules-panel'
import { ApiKeysPanel } from './api-keys-panel'
import { ClockPanel } from './clock-panel'
import { EnvironmentPanel } from './environment-panel'
import { FeeTariffPanel } from './fee-tariff-panel'
import { HttpPortPanel } from './http-port-panel'
import { RequestChecksPanel } from './request-checks-panel'
import { SandboxResetPanel } from './sandbox-reset-panel'
import { SimulatorPanel } from './simulator-panel'
import { SnapshotsPanel } from './snapshots-panel'
import { ApprovalPolicyPanel } from './approval-policy-panel'
import { RolesPanel } from './roles-panel'
import { TeamPanel } from './team-panel'
import { TeamServerPanel } from './team-server-panel'
import '../../components/transactions/transactions.css'
import '../../components/webhooks/webhooks.css'
import './settings.css'

/** Keys, environment, simulator and clock, the HTTP API, fees, starting the sandbox over, and the team. */
export function SettingsScreen() {
  return (
    <>
      <PageHeader title="Settings" description="API keys, environment, simulator mode and clock, the HTTP API, fees, notifications and sandbox reset." />
      <div className="stack">
        <div className="grid grid--2">
          <EnvironmentPanel />
          <HttpPortPanel />
        </div>
        <Can permission="keys.manage"><ApiKeysPanel /></Can>
        <Can permission="simulator.manage">
          <div className="grid grid--2">
            <SimulatorPanel />
            <ClockPanel />
          </div>
          <FeeTariffPanel />
        </Can>
        <NotificationRulesPanel />
        <Can permission="requests.read"><RequestChecksPanel /></Can>
        <Can permission="faults.manage"><ApiFaultsPanel /></Can>
        <Can permission="snapshots.manage"><SnapshotsPanel /></Can>
        <Can permission="simulator.manage"><SandboxResetPanel /></Can>
        <TeamServerPanel />
        <TeamPanel />
        <ApprovalPolicyPanel />
        <RolesPanel />
      </div>
    </>
  )
}
