import { FeeTariffSchema } from '../../schemas/fees'
import {
  ClockAdvanceRequestSchema, PromptAnswerRequestSchema, PromptListSchema, PromptPathSchema, SandboxResetResultSchema,
  SettleRequestSchema, SettleResultSchema, SimulatorStateSchema, SimulatorUpdateRequestSchema, SweepRequestSchema, TopUpRequestSchema,
} from '../../schemas/simulator'
import { TransactionSchema } from '../../schemas/transaction'
import { defineRoutes } from '../route'

/**
 * Console routes of the simulator area: mode, pause and clock, settlement, sandbox reset, the customer's
 * push prompts (interactive mode), float top-ups and sweeps, and the organization's fee tariff.
 * They act in the console's current environment (docs/simulator.md).
 */
export const CONSOLE_SIMULATOR_ROUTES = defineRoutes({
  'console.simulator.get': {
    method: 'GET', path: '/console/simulator', surface: 'console', permission: 'transactions.read', tag: 'Simulator',
    summary: 'Simulator mode, pause state, simulated clock and settlement delay',
    description: 'The mode (fast, realistic, interactive), whether it is paused, the simulated now and how far it runs ahead of the real clock, and the settlement delay in force.',
    response: SimulatorStateSchema, successStatus: 200, message: 'Simulator state retrieved successfully', idempotency: 'none',
  },
  'console.simulator.update': {
    method: 'PUT', path: '/console/simulator', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: 'Change the mode, pause or resume, or set the settlement delay (null = the mode default)',
    description: 'Every field is optional; the answer is the state after the change. While paused, ticks finalize and settle nothing; console actions (answer a prompt, settle now) still work.',
    body: SimulatorUpdateRequestSchema, response: SimulatorStateSchema, successStatus: 200, message: 'Simulator updated', idempotency: 'none',
  },
  'console.simulator.advance': {
    method: 'POST', path: '/console/simulator/advance', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: 'Move the simulated clock forward; the next tick finalizes what became due',
    description: 'Moves the simulated clock forward by ms (1 ms to 30 days, never back). What became due is finalized at the next tick.',
    body: ClockAdvanceRequestSchema, response: SimulatorStateSchema, successStatus: 200, message: 'Simulated clock advanced', idempotency: 'none',
  },
  'console.simulator.settle': {
    method: 'POST', path: '/console/simulator/settle', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: 'Settle one completed charge now, or every completed charge of the environment',
    description: "Moves completed charges' net amounts from pending to available now instead of after the settlement delay. Without transactionId, every completed charge of the environment.",
    body: SettleRequestSchema, response: SettleResultSchema, successStatus: 200, message: 'Charges settled', idempotency: 'none',
  },
  'console.simulator.reset': {
    method: 'POST', path: '/console/simulator/reset', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: "Erase the environment's sandbox data (transactions, ledger, webhook log, idempotency) and restore opening balances",
    description: 'API keys, webhook endpoints and the other environment are untouched.',
    response: SandboxResetResultSchema, successStatus: 200, message: 'Sandbox reset', idempotency: 'none',
  },
  'console.prompts.list': {
    method: 'GET', path: '/console/prompts', surface: 'console', permission: 'transactions.read', tag: 'Simulator',
    summary: "Push prompts waiting for the customer's answer (interactive mode), oldest first",
    description: "In interactive mode a charge waits for the customer's answer: each prompt has the phone, amount, merchant reference and narration, and when it times out (result code 1037).",
    response: PromptListSchema, successStatus: 200, message: 'Prompts retrieved successfully', idempotency: 'none',
  },
  'console.prompts.answer': {
    method: 'POST', path: '/console/prompts/{transactionId}/answer', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: 'Answer a push prompt as the customer: approve, wrong PIN or cancel; the charge finalizes at once',
    description: 'answer is approve, wrong_pin or cancel; the answer is the finalized transaction.',
    params: PromptPathSchema, body: PromptAnswerRequestSchema, response: TransactionSchema, successStatus: 200,
    message: 'Prompt answered', idempotency: 'none',
  },
  'console.funds.topUp': {
    method: 'POST', path: '/console/funds/top-up', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: 'Top up an account from the bank (a bank_deposit, completed at once)',
    description: 'Adds amount to the account accountNo as a completed bank_deposit with its ledger postings; balance.updated is sent.',
    body: TopUpRequestSchema, response: TransactionSchema, successStatus: 201, message: 'Account topped up', idempotency: 'none',
  },
  'console.funds.sweep': {
    method: 'POST', path: '/console/funds/sweep', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: 'Move settled collections into the payouts float (a settlement, completed at once)',
    description: 'Moves amount from a collections account (default: the default one) into a payouts account (default: the default one) as a completed settlement transaction.',
    body: SweepRequestSchema, response: TransactionSchema, successStatus: 201, message: 'Funds swept', idempotency: 'none',
  },
  'console.fees.get': {
    method: 'GET', path: '/console/fees', surface: 'console', permission: 'transactions.read', tag: 'Simulator',
    summary: "The organization's fee tariff (the default one unless overridden)",
    description: 'The fee bands per operation in minor units; an organization uses the default tariff until it is replaced.',
    response: FeeTariffSchema, successStatus: 200, message: 'Fee tariff retrieved successfully', idempotency: 'none',
  },
  'console.fees.update': {
    method: 'PUT', path: '/console/fees', surface: 'console', permission: 'simulator.manage', tag: 'Simulator',
    summary: "Replace the organization's fee tariff; applies to transactions accepted afterwards",
    description: "The whole tariff is replaced (every operation's bands). Transactions accepted before keep the fee they were charged.",
    body: FeeTariffSchema, response: FeeTariffSchema, successStatus: 200, message: 'Fee tariff updated', idempotency: 'none',
  },
})
