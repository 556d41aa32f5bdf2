import { z } from 'zod'
import { AccountSchema } from './account'
import { OrganizationSchema } from './console'

export const CreateSandboxRequestSchema = z.strictObject({
  /** Default: "Sandbox <n>". */
  name: z.string().trim().min(1).max(100).optional(),
  /** Default true, like the demo organization: enterprise fields allowed, with its own shortcode. */
  enterprise: z.boolean().optional(),
})

/** A fresh organization for one test worker: everything it needs to run its tests, secrets included (shown once). */
export const SandboxSchema = OrganizationSchema.extend({
  testKey: z.string(),
  liveKey: z.string(),
  webhookSecrets: z.object({ test: z.string(), live: z.string() }),
  accounts: z.object({ test: z.array(AccountSchema), live: z.array(AccountSchema) }),
})
export type Sandbox = z.infer<typeof SandboxSchema>

export const DeletedSandboxSchema = z.object({ id: z.string(), deleted: z.literal(true) })
