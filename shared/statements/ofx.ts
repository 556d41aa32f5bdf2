import { isoInZone } from '../local-days'
import { entryMemo, type BankFeed, type BankFeedEntry, type BankFeedHead, type BankFeedWriter } from './bank-feed'
import { decimal } from './format'

/** Text as XML element content (the five characters XML reserves never appear raw; no control characters). */
function text(value: string, max: number): string {
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, max)
  return clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** OFX's date-time: local wall time of the zone with its offset, "20261121120003.000[+3]" (OFX 2.2, 3.2.8.2). */
export function ofxDateTime(ms: number, timeZone: string): string {
  const iso = isoInZone(ms, timeZone)
  const [date, rest] = iso.split('T') as [string, string]
  const clock = rest.slice(0, 8)
  const offset = rest.slice(8)
  const sign = offset[0]
  const [hours, minutes] = offset.slice(1).split(':') as [string, string]
  const zone = `${sign}${Number(hours)}${minutes === '00' ? '' : `.${minutes}`}`
  return `${date.replace(/-/g, '')}${clock.replace(/:/g, '')}.${String(ms % 1000).padStart(3, '0')}[${zone}]`
}

function trnType(entry: BankFeedEntry): string {
  if (entry.kind === 'fee') return entry.amount < 0 ? 'FEE' : 'CREDIT'
  return entry.amount < 0 ? 'DEBIT' : 'CREDIT'
}

function transaction(entry: BankFeedEntry, timeZone: string): string {
  return [
    '<STMTTRN>',
    `<TRNTYPE>${trnType(entry)}</TRNTYPE>`,
    `<DTPOSTED>${ofxDateTime(entry.at, timeZone)}</DTPOSTED>`,
    `<TRNAMT>${decimal(entry.amount)}</TRNAMT>`,
    `<FITID>${text(entry.fitId, 255)}</FITID>`,
    `<NAME>${text(entry.payee ?? entry.description, 32)}</NAME>`,
    `<MEMO>${text(entryMemo(entry), 255)}</MEMO>`,
    '</STMTTRN>',
  ].join('\n')
}

function balance(name: string, description: string, minor: number, at: string): string {
  return `<BAL><NAME>${name}</NAME><DESC>${description}</DESC><BALTYPE>DOLLAR</BALTYPE><VALUE>${decimal(minor)}</VALUE><DTASOF>${at}</DTASOF></BAL>`
}

/** Lines joined as the file's lines: each with its line end. */
const lines = (parts: readonly string[]) => parts.map((part) => `${part}\n`).join('')

/**
 * An OFX 2.2 bank statement (XML), in parts: the signon, one statement response with the account, every
 * entry as a STMTTRN (FITID = the transaction's id), the closing ledger and available balances, and the
 * opening and closing balances in BALLIST (OFX has no opening-balance element of its own).
 */
export const OFX_WRITER: BankFeedWriter = {
  head: (feed: BankFeedHead) => lines([
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS>',
    '<STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>',
    `<DTSERVER>${ofxDateTime(feed.generatedAt, feed.timeZone)}</DTSERVER>`,
    '<LANGUAGE>ENG</LANGUAGE>',
    '<FI><ORG>Paydesk</ORG><FID>PAYDESK</FID></FI>',
    '</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS>',
    '<TRNUID>0</TRNUID>',
    '<STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>',
    '<STMTRS>',
    `<CURDEF>${text(feed.account.currency, 3)}</CURDEF>`,
    `<BANKACCTFROM><BANKID>PAYDESK</BANKID><ACCTID>${text(feed.account.accountNo, 22)}</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>`,
    '<BANKTRANLIST>',
    `<DTSTART>${ofxDateTime(feed.fromMs, feed.timeZone)}</DTSTART>`,
    `<DTEND>${ofxDateTime(feed.toMs, feed.timeZone)}</DTEND>`,
  ]),
  entries: (feed, entries) => lines(entries.map((entry) => transaction(entry, feed.timeZone))),
  foot: (feed, closing) => {
    const start = ofxDateTime(feed.fromMs, feed.timeZone)
    const end = ofxDateTime(feed.toMs, feed.timeZone)
    return lines([
      '</BANKTRANLIST>',
      `<LEDGERBAL><BALAMT>${decimal(closing.whole)}</BALAMT><DTASOF>${end}</DTASOF></LEDGERBAL>`,
      `<AVAILBAL><BALAMT>${decimal(closing.available)}</BALAMT><DTASOF>${end}</DTASOF></AVAILBAL>`,
      '<BALLIST>',
      balance('Opening balance', `Balance at the start of ${feed.from}`, feed.opening, start),
      balance('Closing balance', `Balance at the end of ${feed.to}`, closing.whole, end),
      '</BALLIST>',
      '</STMTRS>',
      '</STMTTRNRS></BANKMSGSRSV1>',
      '</OFX>',
    ])
  },
}

/** A whole bank feed as one OFX document. */
export function statementOfx(feed: BankFeed): string {
  return OFX_WRITER.head(feed) + OFX_WRITER.entries(feed, feed.entries) + OFX_WRITER.foot(feed, { whole: feed.closing, available: feed.closingAvailable })
}
