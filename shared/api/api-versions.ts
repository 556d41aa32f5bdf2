import { z } from 'zod'

/**
 * The releases of the payments API that Paydesk emulates (spec section 9), oldest first. A request picks
 * one with the `Paydesk-Api-Version` header; an API key may be pinned to one; otherwise the newest applies.
 */
export const API_VERSIONS = ['1.0.0', '1.0.1', '1.0.2'] as const
export type ApiVersion = (typeof API_VERSIONS)[number]
export const LATEST_API_VERSION: ApiVersion = '1.0.2'
export const API_VERSION_HEADER = 'Paydesk-Api-Version'

export const ApiVersionSchema = z.enum(API_VERSIONS)

export function isApiVersion(value: unknown): value is ApiVersion {
  return typeof value === 'string' && (API_VERSIONS as readonly string[]).includes(value)
}

/** True when `version` is `since` or newer. */
export function atLeast(version: ApiVersion, since: ApiVersion): boolean {
  return API_VERSIONS.indexOf(version) >= API_VERSIONS.indexOf(since)
}
