import { randomBytes } from 'node:crypto'
import { ApiError } from '../../../shared/errors'
import type { UserRow } from '../db/users-repo'
import { hashPassword } from '../team/passwords'
import { assertPasswordAllowed } from '../team/password-rules'
import { startSession } from '../team/sessions'
import type { PartialOperationTable } from './types'

/** The first owner of a team server, through the one-time setup link its host printed (team/owner-setup.ts). */
export const CONSOLE_TEAM_SETUP_OPERATIONS: PartialOperationTable<'console.setup.create'> = {
  'console.setup.create': (ctx, { body }) => {
    const setup = ctx.host.ownerSetup
    if (setup.token() === null) throw new ApiError('conflict', 'An owner exists already: this setup link no longer works. Sign in instead.', 'token')
    if (!setup.accepts(body.token)) throw new ApiError('forbidden', 'This is not the setup link this server printed.', 'token')
    if (ctx.store.users.byName(body.name)) throw new ApiError('conflict', `A user named ${body.name} already exists.`, 'name')
    assertPasswordAllowed(body.password, body.name)
    const owner: UserRow = {
      id: `usr_${randomBytes(10).toString('hex')}`, name: body.name, role: 'owner', password_hash: hashPassword(body.password),
      disabled_at: null, created_at: ctx.now, updated_at: ctx.now,
    }
    ctx.store.users.insert(owner)
    const session = startSession(ctx.store, owner, ctx.host.wallNow())
    return { token: session.token, user: { id: owner.id, name: owner.name, role: owner.role }, expiresAt: session.expiresAt, endsAt: session.endsAt }
  },
}
