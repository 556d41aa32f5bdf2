/** What each approval action is called on screen: the approvals queue and the approval policy in Settings. */
export const APPROVAL_ACTION_LABELS = { b2c: 'B2C payout', b2b: 'B2B payment', 'bank-transfer': 'Bank transfer', reversal: 'Reversal', 'bulk-payout': 'Bulk payout', 'live-key': 'Live API key', 'upstream-operate': 'Operate connection' } as const
