/**
 * The fault lab (docs/simulator.md "Provider faults"): fault rules per organization, environment and target
 * (a webhook URL, or an API scope: `money` or a public route id), the faults each webhook attempt had
 * applied (JSON array of names, NULL for none), and the receiver doctor's last report per endpoint URL.
 * Rules and reports are configuration, not sandbox data: a sandbox reset keeps them.
 */
export const MIGRATION_006 = `
CREATE TABLE fault_rules (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  kind TEXT NOT NULL CHECK (kind IN ('webhook', 'api')),
  target TEXT NOT NULL,
  config TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (organization_id, environment, kind, target)
) STRICT;

ALTER TABLE webhook_attempts ADD COLUMN faults TEXT;

CREATE TABLE doctor_reports (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  url TEXT NOT NULL,
  report TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (organization_id, environment, url)
) STRICT;
`
