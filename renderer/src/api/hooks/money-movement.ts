import { MONEY_MOVEMENT_INVALIDATES, useApiMutation } from '../use-api'

/** POST /v1/mobile/charge: push prompt to the customer's phone. */
export function useCreateCharge() {
  return useApiMutation('mobile.charge', { invalidates: MONEY_MOVEMENT_INVALIDATES })
}

/** POST /v1/mobile/b2c: pay out to a phone. */
export function useCreateB2c() {
  return useApiMutation('mobile.b2c', { invalidates: MONEY_MOVEMENT_INVALIDATES })
}

/** POST /v1/mobile/b2b: pay a till or paybill. */
export function useCreateB2b() {
  return useApiMutation('mobile.b2b', { invalidates: MONEY_MOVEMENT_INVALIDATES })
}

/** POST /v1/local-bank-transfer over INSTANTBANK. */
export function useCreateBankTransfer() {
  return useApiMutation('bank.transfer', { invalidates: MONEY_MOVEMENT_INVALIDATES })
}
