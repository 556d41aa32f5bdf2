/**
 * Simulated customers (docs/simulator.md "Simulated customers"): their wallet, daily limit and status
 * decide a charge's outcome when nothing forces it. One row per phone (normalised +254…), shared by every
 * organization and environment, like a real subscriber. The partial index serves the per-phone checks at
 * acceptance (a prompt still showing, today's spend) without touching other transactions' inserts much.
 */
export const MIGRATION_007 = `
CREATE TABLE customers (
  phone_number TEXT PRIMARY KEY,
  name TEXT,
  balance INTEGER NOT NULL CHECK (balance >= 0),
  daily_limit INTEGER NOT NULL CHECK (daily_limit >= 0),
  status TEXT NOT NULL CHECK (status IN ('active', 'blocked', 'unregistered')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX transactions_charge_phone ON transactions(phone_number, created_at) WHERE type = 'charge' AND phone_number IS NOT NULL;
`
