// Lives in db/ (db imports only db/ and shared/); its twin is toTransaction in views/transaction.ts.

/**
 * toTransaction written in SQL, for list pages built as JSON in SQLite (`listJson` in transactions-repo.ts):
 * the same fields in the same order, `customer` only with a non-empty phone number (and `id` only with a
 * non-empty customer id, as the truthiness checks of toTransaction in views/transaction.ts), JSON columns embedded as JSON, NULL as null.
 * `test/service/transaction-json-sql.test.ts` compares the two on random rows; change them together.
 * `t` is the transactions table's alias in the query.
 */
export const TRANSACTION_JSON_SQL = `json_object(
  'publicId', t.public_id, 'merchantTransactionId', t.merchant_transaction_id, 'status', t.status, 'message', t.message,
  'amount', t.amount, 'chargedAmount', t.charged_amount, 'currency', t.currency, 'accountType', t.account_type, 'type', t.type,
  'paymentMethod', t.payment_method, 'processor', t.processor, 'processorReference', t.processor_reference,
  'phoneNumber', t.phone_number, 'narration', t.narration, 'customerId', t.customer_id,
  'customer', CASE WHEN t.phone_number IS NULL OR t.phone_number = '' THEN NULL
    WHEN t.customer_id IS NULL OR t.customer_id = '' THEN json_object('phoneNumber', t.phone_number)
    ELSE json_object('phoneNumber', t.phone_number, 'id', t.customer_id) END,
  'fees', t.fees, 'metadata', json(t.metadata), 'subMerchantId', t.sub_merchant_id,
  'subMerchantDetails', json(t.sub_merchant_details), 'createdAt', t.created_at, 'updatedAt', t.updated_at)`
