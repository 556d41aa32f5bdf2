import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PERMISSIONS, ROLE_GRANTS, ROLES, type Permission } from '../../shared/team/permissions'

// docs/security.md shows the permission matrix; GET /console/roles answers it from the code. They agree.

const SHOWN = { yes: 'yes', test: 'test only', no: '—' } as const
const doc = readFileSync(resolve(__dirname, '../../docs/security.md'), 'utf8')

describe('the roles table of docs/security.md', () => {
  it('is the permission matrix of shared/team/permissions.ts', () => {
    const header = doc.split('\n').find((line) => line.startsWith('| Permission |'))
    expect(header?.split('|').map((cell) => cell.trim()).filter(Boolean).slice(1)).toEqual([...ROLES])
    for (const permission of Object.keys(PERMISSIONS)) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${permission}\` |`))
      expect(row, permission).toBeDefined()
      const cells = row!.split('|').map((cell) => cell.trim()).filter(Boolean).slice(1)
      const expected = ROLES.map((role) => SHOWN[ROLE_GRANTS[role][permission as Permission] ?? 'no'])
      expect(cells, permission).toEqual(expected)
    }
  })
})
