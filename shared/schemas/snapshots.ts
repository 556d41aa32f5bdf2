import { z } from 'zod'

/** Letters, digits, `_`, `-` and `.` (not first, never `..`): a file name in the snapshots folder, nothing more. */
export const SNAPSHOT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

export const SnapshotNameSchema = z
  .string()
  .regex(SNAPSHOT_NAME, 'must be 1-64 letters, digits, _, - or . starting with a letter or digit')
  .refine((name) => !name.includes('..'), 'must not contain ..')

export const SnapshotSchema = z.object({
  name: z.string(),
  /** When the file was written (real time), ms. */
  createdAt: z.number().int(),
  /** The sandbox's simulated time at that moment, ms. */
  takenAt: z.number().int(),
  sizeBytes: z.number().int(),
  paydeskVersion: z.string(),
  schemaVersion: z.number().int(),
})
export type Snapshot = z.infer<typeof SnapshotSchema>

export const SnapshotListSchema = z.object({ folder: z.string(), items: z.array(SnapshotSchema) })
export const SaveSnapshotRequestSchema = z.strictObject({ name: SnapshotNameSchema })
export const SnapshotPathSchema = z.object({ name: SnapshotNameSchema })
export const RestoredSnapshotSchema = z.object({
  snapshot: SnapshotSchema,
  /** Rows restored per state table. */
  tables: z.record(z.string(), z.number().int()),
  /** How far pending timers (simulator, webhook retries) moved forward: the time since the snapshot. */
  timersShiftedMs: z.number().int(),
})
export const DeletedSnapshotSchema = z.object({ name: z.string(), deleted: z.literal(true) })
