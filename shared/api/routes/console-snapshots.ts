import {
  DeletedSnapshotSchema, RestoredSnapshotSchema, SaveSnapshotRequestSchema, SnapshotListSchema, SnapshotPathSchema, SnapshotSchema,
} from '../../schemas/snapshots'
import { defineRoutes } from '../route'

/** Snapshots of the whole sandbox: save a known state, put it back between tests (docs/api.md "Snapshots"). */
export const CONSOLE_SNAPSHOTS_ROUTES = defineRoutes({
  'console.snapshots.list': {
    method: 'GET', path: '/console/snapshots', surface: 'console', permission: 'snapshots.manage', tag: 'Snapshots',
    summary: 'Saved snapshots and the folder that holds them',
    description: 'Each snapshot with its name, when it was written (real time), the simulated time it holds and its size, and the folder on disk that holds them.',
    response: SnapshotListSchema, successStatus: 200, message: 'Snapshots retrieved successfully', idempotency: 'none',
  },
  'console.snapshots.save': {
    method: 'POST', path: '/console/snapshots', surface: 'console', permission: 'snapshots.manage', tag: 'Snapshots',
    summary: 'Save the whole sandbox state (every organization, both environments) under a name; replaces a snapshot of that name',
    description: 'A consistent copy of the whole database (all organizations, both environments) taken without stopping the server. A snapshot of the same name is replaced.',
    body: SaveSnapshotRequestSchema, response: SnapshotSchema, successStatus: 201, message: 'Snapshot saved', idempotency: 'none',
  },
  'console.snapshots.restore': {
    method: 'POST', path: '/console/snapshots/{name}/restore', surface: 'console', permission: 'snapshots.manage', tag: 'Snapshots',
    summary: 'Put the sandbox back to a snapshot, atomically, while the server runs',
    description: 'Pending webhook deliveries and simulator timers come back with the delay they had left. Logs (request and audit logs) are kept, and so are the team: its users, approval policy and approvals. Besides snapshots.manage it needs, in live, every permission of what it replaces (keys.manage, keys.live, webhooks.manage, faults.manage, simulator.manage, payments.create): 403 naming the first one lacking.',
    params: SnapshotPathSchema, response: RestoredSnapshotSchema, successStatus: 200, message: 'Snapshot restored', idempotency: 'none',
  },
  'console.snapshots.delete': {
    method: 'DELETE', path: '/console/snapshots/{name}', surface: 'console', permission: 'snapshots.manage', tag: 'Snapshots',
    summary: 'Delete a snapshot file',
    description: 'Removes the snapshot file; the running sandbox is not touched. 404 when there is no snapshot of that name.',
    params: SnapshotPathSchema, response: DeletedSnapshotSchema, successStatus: 200, message: 'Snapshot deleted', idempotency: 'none',
  },
})
