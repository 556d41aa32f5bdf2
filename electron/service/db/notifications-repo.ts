import type { Environment } from '../../../shared/schemas/common'
import { DEFAULT_NOTIFICATION_RULES, type NotificationKind, type NotificationRules } from '../../../shared/schemas/notifications'
import type { Db } from './connection'
import type { TableWatch } from './cache/table-watch'

export interface NotificationRow {
  id: number
  organization_id: string
  environment: Environment
  kind: NotificationKind
  /** What it is about (a transaction id, a reconciliation id, an account's crossing): unique per kind. */
  source: string
  title: string
  body: string
  link: string | null
  created_at: number
  read_at: number | null
  /** The one user it is for (a decision, to its requester); null: everyone of its organization's environment. */
  recipient_id: string | null
}

export type NewNotification = Omit<NotificationRow, 'id' | 'read_at' | 'recipient_id'> & { recipient_id?: string | null }

/** Who reads: a user sees the notifications for everyone and their own. */
const FOR_VIEWER = '(recipient_id IS NULL OR recipient_id = ?)'

/** What a notification about a transaction says: its owner, what it was, with whom. */
export interface TransactionFacts {
  public_id: string
  organization_id: string
  environment: Environment
  type: string
  amount: number
  phone_number: string | null
  merchant_transaction_id: string | null
  processor_reference: string | null
  message: string | null
  /** Whom a B2B payment or bank transfer paid (the counterparty's name, else its account number), else null. */
  beneficiary: string | null
}

/** A webhook delivery with its owner, as the endpoint-failing rule reads it after an attempt. */
export interface DeliveryFacts {
  url: string
  organization_id: string
  environment: Environment
  attempt_count: number
  last_response_status: number | null
}

/** A value a rule keeps between movements (migration 019): an account below its threshold, a run of failures. */
export interface NotificationMark {
  value: number
  note: string | null
}

/** The rules (one JSON document per organization and environment, decoded here), remembered until they change. */
function rulesPart(db: Db, watch: TableWatch) {
  const rulesStmt = db.prepare<[string, string], { rules: string }>('SELECT rules FROM notification_rules WHERE organization_id = ? AND environment = ?')
  const saveRulesStmt = db.prepare(`INSERT INTO notification_rules (organization_id, environment, rules, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (organization_id, environment) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`)
  // Rules change by hand, rarely; every raised-event check reads them: remembered until the table changes.
  const rulesOf = watch.memo([{ table: 'notification_rules' }], (key): NotificationRules => {
    const [organizationId, environment] = key.split('\u001f') as [string, string]
    const row = rulesStmt.get(organizationId, environment)
    return row ? { ...DEFAULT_NOTIFICATION_RULES, ...(JSON.parse(row.rules) as Partial<NotificationRules>) } : DEFAULT_NOTIFICATION_RULES
  })
  // Whether any organization of an environment wants a notification per completed charge, or watches a
  // float: asked for every completed charge and every balance movement before anything else is read.
  const paymentRulesStmt = db.prepare<[string], { n: number }>(`SELECT EXISTS (SELECT 1 FROM notification_rules
    WHERE environment = ? AND json_extract(rules, '$.paymentReceived.enabled') = 1) AS n`)
  const anyPaymentRule = watch.memo([{ table: 'notification_rules' }], (environment) => paymentRulesStmt.get(environment)!.n === 1)
  const watchedAccountsStmt = db.prepare<[string], { accountNo: string }>(`SELECT DISTINCT json_extract(t.value, '$.accountNo') AS accountNo
    FROM notification_rules r, json_each(r.rules, '$.lowFloat') t WHERE r.environment = ?`)
  const watchedAccounts = watch.memo([{ table: 'notification_rules' }], (environment) => new Set(watchedAccountsStmt.all(environment).map((r) => r.accountNo)))
  return {
    rules(organizationId: string, environment: string): NotificationRules {
      return rulesOf(`${organizationId}\u001f${environment}`)
    },
    saveRules(organizationId: string, environment: string, rules: NotificationRules, now: number): void {
      saveRulesStmt.run(organizationId, environment, JSON.stringify(rules), now)
    },
    anyPaymentRule: (environment: string): boolean => anyPaymentRule(environment),
    /** Account numbers some organization of the environment has a low-float threshold for. */
    watchedAccounts: (environment: string): ReadonlySet<string> => watchedAccounts(environment),
  }
}

/** The notifications themselves. */
function notificationsPart(db: Db) {
  const insertStmt = db.prepare(`INSERT INTO notifications (organization_id, environment, kind, source, title, body, link, created_at, recipient_id)
    VALUES (@organization_id, @environment, @kind, @source, @title, @body, @link, @created_at, @recipient_id)
    ON CONFLICT (organization_id, environment, kind, source) DO NOTHING RETURNING *`)
  const listStmt = db.prepare<[string, string, string, number], NotificationRow>(
    `SELECT * FROM notifications WHERE organization_id = ? AND environment = ? AND ${FOR_VIEWER} ORDER BY id DESC LIMIT ?`,
  )
  const unreadStmt = db.prepare<[string, string, string], { n: number }>(
    `SELECT COUNT(*) AS n FROM notifications WHERE organization_id = ? AND environment = ? AND read_at IS NULL AND ${FOR_VIEWER}`,
  )
  const getStmt = db.prepare<[number, string, string, string], NotificationRow>(`SELECT * FROM notifications WHERE id = ? AND organization_id = ? AND environment = ? AND ${FOR_VIEWER}`)
  const readStmt = db.prepare('UPDATE notifications SET read_at = ? WHERE id = ? AND read_at IS NULL')
  const readAllStmt = db.prepare(`UPDATE notifications SET read_at = ? WHERE organization_id = ? AND environment = ? AND read_at IS NULL AND ${FOR_VIEWER}`)
  const readSourceStmt = db.prepare('UPDATE notifications SET read_at = ? WHERE organization_id = ? AND environment = ? AND kind = ? AND source = ? AND read_at IS NULL')
  const regroupStmt = db.prepare<[string, string, number], NotificationRow>('UPDATE notifications SET title = ?, body = ?, read_at = NULL WHERE id = ? RETURNING *')
  // Read ones first (oldest first), then the oldest unread: what is over `keep` of the scope goes.
  const pruneStmt = db.prepare(`DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE organization_id = @organizationId AND environment = @environment
    ORDER BY read_at IS NULL, id LIMIT max(0, (SELECT COUNT(*) FROM notifications WHERE organization_id = @organizationId AND environment = @environment) - @keep))`)
  return {
    /** Inserts it unless this kind was already raised for this source; returns the new row, or undefined. */
    raise(notification: NewNotification): NotificationRow | undefined {
      return insertStmt.get({ ...notification, recipient_id: notification.recipient_id ?? null }) as NotificationRow | undefined
    },
    /** `viewer`: the user id reading (their own and everyone's notifications). */
    list(organizationId: string, environment: string, viewer: string, limit: number): NotificationRow[] {
      return listStmt.all(organizationId, environment, viewer, limit)
    },
    unread(organizationId: string, environment: string, viewer: string): number {
      return unreadStmt.get(organizationId, environment, viewer)!.n
    },
    get(organizationId: string, environment: string, viewer: string, id: number): NotificationRow | undefined {
      return getStmt.get(id, organizationId, environment, viewer)
    },
    /** Marks read the notification of `kind` about `source` (its matter is settled: a decided approval's "waiting"). */
    markDone(organizationId: string, environment: string, kind: NotificationKind, source: string, now: number): number {
      return readSourceStmt.run(now, organizationId, environment, kind, source).changes
    },
    markRead(id: number, now: number): void {
      readStmt.run(now, id)
    },
    markAllRead(organizationId: string, environment: string, viewer: string, now: number): number {
      return readAllStmt.run(now, organizationId, environment, viewer).changes
    },
    /** A grouped notification's new words, unread again; the row, or undefined when it was pruned. */
    regroup(id: number, title: string, body: string): NotificationRow | undefined {
      return regroupStmt.get(title, body, id)
    },
    /** Keeps the newest `keep` of the scope, dropping read ones first; returns how many went. */
    prune(organizationId: string, environment: string, keep: number): number {
      return pruneStmt.run({ organizationId, environment, keep }).changes
    },
  }
}

/** The marks rules keep between movements, and what they read of a transaction or a delivery. */
function marksPart(db: Db, watch: TableWatch) {
  const markStmt = db.prepare<[string, string, string], NotificationMark>('SELECT value, note FROM notification_marks WHERE organization_id = ? AND environment = ? AND mark = ?')
  const setMarkStmt = db.prepare(`INSERT INTO notification_marks (organization_id, environment, mark, value, note) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (organization_id, environment, mark) DO UPDATE SET value = excluded.value, note = excluded.note`)
  const clearMarkStmt = db.prepare('DELETE FROM notification_marks WHERE organization_id = ? AND environment = ? AND mark = ?')
  const anyMarkStmt = db.prepare<[string, string, string], { n: number }>(
    'SELECT EXISTS (SELECT 1 FROM notification_marks WHERE environment = ? AND substr(mark, 1, length(?)) = ?) AS n',
  )
  // Asked after every webhook attempt that succeeded; marks change only when one fails: remembered until then.
  const anyMarkOf = watch.memo([{ table: 'notification_marks' }], (key) => {
    const [environment, prefix] = key.split('\u001f') as [string, string]
    return anyMarkStmt.get(environment, prefix, prefix)!.n === 1
  })
  const transactionStmt = db.prepare<[string], TransactionFacts>(`SELECT public_id, organization_id, environment, type, amount, phone_number,
    merchant_transaction_id, processor_reference, message,
    COALESCE(json_extract(counterparty, '$.accountName'), json_extract(counterparty, '$.accountNumber')) AS beneficiary
    FROM transactions WHERE public_id = ?`)
  const deliveryStmt = db.prepare<[string], DeliveryFacts>(`SELECT d.url, e.organization_id, e.environment, d.attempt_count, d.last_response_status
    FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.id = ?`)
  return {
    transaction: (publicId: string): TransactionFacts | undefined => transactionStmt.get(publicId),
    delivery: (deliveryId: string): DeliveryFacts | undefined => deliveryStmt.get(deliveryId),
    mark(organizationId: string, environment: string, mark: string): NotificationMark | undefined {
      return markStmt.get(organizationId, environment, mark)
    },
    setMark(organizationId: string, environment: string, mark: string, value: number, note: string | null): void {
      setMarkStmt.run(organizationId, environment, mark, value, note)
    },
    clearMark(organizationId: string, environment: string, mark: string): void {
      clearMarkStmt.run(organizationId, environment, mark)
    },
    /** Whether any mark of the environment starts with `prefix` (a cheap check before reading a delivery). */
    anyMark(environment: string, prefix: string): boolean {
      return anyMarkOf(`${environment}\u001f${prefix}`)
    },
  }
}

/** Notification rules, notifications and the marks the rules keep (migration 019). */
export function createNotificationsRepo(db: Db, watch: TableWatch) {
  return { ...rulesPart(db, watch), ...notificationsPart(db), ...marksPart(db, watch) }
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>
