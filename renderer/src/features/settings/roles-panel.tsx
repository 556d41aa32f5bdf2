import { useRoles } from '../../api/hooks/team'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'

const GRANT_LABELS = { yes: '✓', test: 'test only', no: '—' } as const

/** The permission matrix the server enforces (GET /console/roles): the same table docs/security.md shows. */
export function RolesPanel() {
  const roles = useRoles()
  return (
    <Panel title="Roles">
      <QueryView query={roles} loadingLabel="Loading roles…">
        {(matrix) => (
          <div className="table-scroll">
            <table className="team-table" aria-label="Roles and permissions">
              <thead><tr><th>Permission</th>{matrix.roles.map((r) => <th key={r.role}>{r.role}</th>)}</tr></thead>
              <tbody>
                {matrix.permissions.map((p) => (
                  <tr key={p.name}>
                    <td><code>{p.name}</code><br /><span className="form__note">{p.description}</span></td>
                    {matrix.roles.map((r) => <td key={r.role}>{GRANT_LABELS[r.grants[p.name] ?? 'no']}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </Panel>
  )
}
