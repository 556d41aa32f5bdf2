import { z } from 'zod'

/** The desktop app's HTTP API port when none is saved (the CLI's default too, DECISIONS "Running headless"). */
export const DEFAULT_HTTP_PORT = 8787

/** Unprivileged ports only: binding below 1024 needs root on Linux and macOS. */
const PORT_RANGE = 'must be a whole number from 1024 to 65535'
export const HttpPortSchema = z.number(PORT_RANGE).int(PORT_RANGE).min(1024, PORT_RANGE).max(65_535, PORT_RANGE)

export const HostSettingsSchema = z.object({
  /** The saved port: the desktop app binds it at its next start (the CLI uses its own flags). */
  httpPort: z.number().int(),
  /** Where the HTTP API of this running process actually listens, or null when no HTTP server runs. */
  httpUrl: z.string().nullable(),
})
export type HostSettings = z.infer<typeof HostSettingsSchema>

export const UpdateHostSettingsRequestSchema = z.strictObject({ httpPort: HttpPortSchema })
export type UpdateHostSettingsRequest = z.infer<typeof UpdateHostSettingsRequestSchema>
