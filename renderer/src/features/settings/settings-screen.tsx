import type { ReactNode } from 'react'
import type { Permission } from '../../../../shared/team/permissions'
import { useWhoAmI } from '../../api/hooks/team'
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
import { ProviderConnectionPanel } from './provider-panel'
import '../../components/transactions/transactions.css'
import '../../components/webhooks/webhooks.css'
import './settings.css'

/** The screen's sections, for its in-page navigation (Team and the approval policy are far down). */
const SECTIONS: readonly { id: string; label: string; permission?: Permission }[] = [
  { id: 'settings-environment', label: 'Environment and HTTP API' },
  { id: 'settings-provider', label: 'Provider connection' },
  { id: 'settings-keys', label: 'API keys', permission: 'keys.manage' },
  { id: 'settings-simulator', label: 'Simulator, clock and fees', permission: 'simulator.manage' },
  { id: 'settings-notifications', label: 'Notifications' },
  { id: 'settings-developers', label: 'Request checks, faults, snapshots, reset' },
  { id: 'settings-team', label: 'Team' },
  { id: 'settings-approvals', label: 'Approval policy and roles' },
]

/** Buttons, not links: the console's hash is its route, so each one scrolls its section into view and focuses it. */
function SettingsNav() {
  const permissions = useWhoAmI().data?.permissions
  const go = (id: string) => {
    const section = document.getElementById(id)
    section?.scrollIntoView({ block: 'start' })
    section?.focus({ preventScroll: true })
  }
  return (
    <nav aria-label="On this page">
      <ul className="settings-nav">
        {SECTIONS.filter((section) => !section.permission || permissions?.includes(section.permission)).map((section) => (
          <li key={section.id}><button type="button" className="button button--ghost button--small" onClick={() => go(section.id)}>{section.label}</button></li>
        ))}
      </ul>
    </nav>
  )
}

const Section = ({ id, children }: { id: string; children: ReactNode }) => <div id={id} className="settings-section stack" tabIndex={-1}>{children}</div>

/** Keys, environment, simulator and clock, the HTTP API, fees, starting the sandbox over, and the team. */
export function SettingsScreen() {
  return (
    <>
      <PageHeader title="Settings" description="API keys, environment, simulator mode and clock, the HTTP API, fees, notifications and sandbox reset." />
      <SettingsNav />
      <div className="stack">
        <Section id="settings-environment">
          <div className="grid grid--2">
            <EnvironmentPanel />
            <HttpPortPanel />
          </div>
        </Section>
        <Section id="settings-provider"><ProviderConnectionPanel /></Section>
        <Can permission="keys.manage"><Section id="settings-keys"><ApiKeysPanel /></Section></Can>
        <Can permission="simulator.manage">
          <Section id="settings-simulator">
            <div className="grid grid--2">
              <SimulatorPanel />
              <ClockPanel />
            </div>
            <FeeTariffPanel />
          </Section>
        </Can>
        <Section id="settings-notifications"><NotificationRulesPanel /></Section>
        <Section id="settings-developers">
          <Can permission="requests.read"><RequestChecksPanel /></Can>
          <Can permission="faults.manage"><ApiFaultsPanel /></Can>
          <Can permission="snapshots.manage"><SnapshotsPanel /></Can>
          <Can permission="simulator.manage"><SandboxResetPanel /></Can>
        </Section>
        <Section id="settings-team">
          <TeamServerPanel />
          <TeamPanel />
        </Section>
        <Section id="settings-approvals">
          <ApprovalPolicyPanel />
          <RolesPanel />
        </Section>
      </div>
    </>
  )
}
