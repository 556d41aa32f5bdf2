/** `paydesk mcp`'s usage: apart from the command, so `paydesk help` never loads the MCP SDK. */
export const MCP_USAGE = `Usage:
  paydesk mcp [--simulator interactive|fast|realistic] [--scenario-folder <dir>]
  paydesk mcp --url http://127.0.0.1:8787 --console-token <token>

An MCP (Model Context Protocol) server over stdio for coding assistants. Without --url it starts its own
sandbox in memory (simulator interactive by default: charges wait for answer_prompt); with --url it
attaches to a running \`paydesk serve\` through the console's routes (the token may also come from
PAYDESK_CONSOLE_TOKEN). Tools act in the test environment. Register it with a client, e.g.:
  claude mcp add paydesk -- npx paydesk mcp
  { "mcpServers": { "paydesk": { "command": "npx", "args": ["paydesk", "mcp"] } } }
Tools: search_transactions, get_transaction, create_charge, create_payout, create_bank_transfer,
answer_prompt, advance_clock, settle_now, set_faults, clear_faults, list_requests,
validate_account_name (when the server has the route), run_scenario, sample_event.
run_scenario reads files (regular, at most 1 MiB) only inside the working folder, or --scenario-folder.
Resources: the OpenAPI document (whole, and compact), and the docs (api, webhooks, simulator, scenarios).
`
