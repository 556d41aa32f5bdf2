/** Paydesk's own version (the npm package's), shown by `paydesk --version`, /healthz and HAR exports. */
export const VERSION = '0.1.0'
