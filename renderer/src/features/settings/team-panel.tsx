import { useState, type FormEvent } from 'react'
import { ROLES } from '../../../../shared/team/permissions'
import type { TeamSettings, User } from '../../../../shared/schemas/team'
import { useApiClient } from '../../api/api-context'
import { useCan, useCreateUser, useTeamSettings, useUpdateTeamSettings, useUpdateUser, useUsers, useWhoAmI } from '../../api/hooks/team'
import { ErrorNotice } from '../../components/error-notice'
import { SelectField } from '../../components/fields/select-field'
import { TextField } from '../../components/fields/text-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Tag } from '../../components/status-badge'

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }))

/** Settings -> Team: whether sign-in is required, and the people who use this Paydesk with their roles. */
export function TeamPanel() {
  const settings = useTeamSettings()
  const manageUsers = useCan('users.manage')
  return (
    <Panel title="Team">
      <div className="stack">
        <QueryView query={settings} loadingLabel="Loading team settings…">{(data) => <SignInSetting settings={data} />}</QueryView>
        {manageUsers ? <Users /> : <p className="form__note">Owners and admins manage the team's users.</p>}
      </div>
    </Panel>
  )
}

function SignInSetting({ settings }: { settings: TeamSettings }) {
  const update = useUpdateTeamSettings()
  // Only an owner changes it: with sign-in off the desktop window is the built-in owner.
  const canChange = useWhoAmI().data?.actor.role === 'owner'
  const desktop = useApiClient().transport.kind === 'ipc'
  return (
    <div className="stack">
      {update.isError ? <ErrorNotice error={update.error} title="Sign-in was not changed" /> : null}
      <label className="row">
        <input type="checkbox" checked={settings.requireSignIn} disabled={!canChange || update.isPending}
          onChange={(e) => update.mutate({ body: { requireSignIn: e.target.checked } })} />
        {desktop ? 'Require sign-in on this computer' : 'Require sign-in'}
        {settings.teamMode && !settings.requireSignIn ? <Tag tone="info">On for this run (--team)</Tag> : null}
      </label>
      <p className="form__note">
        With sign-in required, everyone signs in with a name and password and can do what their role allows. The console token stays a
        machine credential for CI and the CLI (the built-in user <code>automation</code>). Approvals wait {settings.approvalExpiryHours} simulated hours.
      </p>
    </div>
  )
}

function Users() {
  const users = useUsers()
  return (
    <div className="stack">
      <QueryView query={users} loadingLabel="Loading users…">
        {(data) => (
          <table className="team-table" aria-label="Users">
            <thead><tr><th>Name</th><th>Role</th><th>Status</th></tr></thead>
            <tbody>{data.items.map((user) => <UserRow key={user.id} user={user} />)}</tbody>
          </table>
        )}
      </QueryView>
      <CreateUserForm />
    </div>
  )
}

function UserRow({ user }: { user: User }) {
  const update = useUpdateUser()
  const me = useWhoAmI().data?.actor
  const mayTouch = user.role !== 'owner' || me?.role === 'owner'
  return (
    <tr data-testid="user-row" data-user={user.name}>
      <td>{user.name}{update.isError ? <ErrorNotice error={update.error} title="Not changed" /> : null}</td>
      <td>
        <select className="input select" aria-label={`Role of ${user.name}`} value={user.role} disabled={!mayTouch || update.isPending}
          onChange={(e) => update.mutate({ params: { id: user.id }, body: { role: e.target.value as User['role'] } })}>
          {ROLE_OPTIONS.map((o) => <option key={o.value} value={o.value} disabled={o.value === 'owner' && me?.role !== 'owner'}>{o.label}</option>)}
        </select>
      </td>
      <td>
        <label className="row">
          <input type="checkbox" checked={!user.disabled} disabled={!mayTouch || update.isPending}
            onChange={(e) => update.mutate({ params: { id: user.id }, body: { disabled: !e.target.checked } })} />
          {user.disabled ? 'Disabled' : 'Enabled'}
        </label>
      </td>
    </tr>
  )
}

function CreateUserForm() {
  const create = useCreateUser()
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [role, setRole] = useState('viewer')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate({ body: { name: name.trim(), password, role: role as User['role'] } }, { onSuccess: () => { setName(''); setPassword('') } })
  }
  const fieldError = (param: string) => (create.error?.param === param ? create.error.message : undefined)
  return (
    <form className="form" onSubmit={submit} aria-label="New user">
      {create.isError && !create.error.param ? <ErrorNotice error={create.error} title="The user was not created" /> : null}
      <div className="inline-form">
        <TextField markOptional={false} label="Name" value={name} autoComplete="off" spellCheck={false} onChange={setName} error={fieldError('name')} />
        <TextField markOptional={false} label="Password" type="password" value={password} autoComplete="new-password" onChange={setPassword} error={fieldError('password')} hint="At least 10 characters." />
        <SelectField markOptional={false} label="Role" value={role} options={ROLE_OPTIONS} onChange={setRole} />
        <button type="submit" className="button button--primary" disabled={create.isPending || !name.trim() || !password}>Add user</button>
      </div>
      <p className="form__note" role="status">{create.isSuccess ? `${create.data.name} can sign in now.` : ''}</p>
    </form>
  )
}
