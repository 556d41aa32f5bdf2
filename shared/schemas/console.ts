import { z } from 'zod'
import { ApiVersionSchema } from '../api/api-versions'
import { EnvironmentSchema } from './common'

export const ApiKeySchema = z.object({
  id: z.string(),
  environment: EnvironmentSchema,
  prefix: z.string(),
  label: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
  /** The API release the key is pinned to; null: the newest (docs/api.md "API releases"). */
  apiVersion: ApiVersionSchema.nullable(),
})
export type ApiKey = z.infer<typeof ApiKeySchema>

/** A newly created key: the only time the secret is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string(),
  /** A live key the approval policy holds (action `live-key`): it answers 401 until this approval is approved. */
  approval: z.object({ id: z.string(), status: z.literal('pending') }).optional(),
})

export const CreateApiKeyRequestSchema = z.strictObject({ label: z.string().trim().min(1).max(64).optional(), apiVersion: ApiVersionSchema.optional() })

export const SetApiKeyVersionRequestSchema = z.strictObject({ apiVersion: ApiVersionSchema.nullable() })

export const OrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  enterprise: z.boolean(),
  shortcodes: z.array(z.string()),
  createdAt: z.number().int(),
})
export type Organization = z.infer<typeof OrganizationSchema>

export const CreateOrganizationRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  enterprise: z.boolean().optional(),
})

export const CreatedOrganizationSchema = OrganizationSchema.extend({
  testKey: z.string(),
  liveKey: z.string(),
})

export const ConsoleInfoSchema = z.object({
  version: z.string(),
  environment: EnvironmentSchema,
  organization: OrganizationSchema,
  httpUrl: z.string().nullable(),
  consoleUrl: z.string().nullable(),
  simulatorMode: z.string(),
  /** The organization's time zone (IANA): the console shows times and counts days in it, whatever the browser's. */
  timeZone: z.string(),
})
export type ConsoleInfo = z.infer<typeof ConsoleInfoSchema>
