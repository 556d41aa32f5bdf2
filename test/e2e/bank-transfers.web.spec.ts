import { expect, test } from '@playwright/test'
import { BankTransferPage } from './pages/bank-transfer-page'
import { ConsoleShell } from './pages/console-shell'

test('a bank transfer to a searched bank completes', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const bank = new BankTransferPage(page)
  await shell.open('/bank-transfers')
  await bank.field('Sender address').fill('Moi Avenue 12, Nairobi')
  await bank.pickBank('NCBA')
  await bank.field('Beneficiary name').fill('Jane Wanjiku')
  await bank.field('Beneficiary account').fill('0123456789')
  await bank.field('Amount').fill('2,500')
  await bank.field('Narration').fill('Supplier invoice 77')
  await expect(page.getByTestId('quote-fee')).toHaveText('KES 25.00')
  await shell.screenshot('bank-transfers')
  await bank.reviewAndConfirm()
  await bank.expectStatus('completed')
  await expect(bank.tracker).toContainText('Bank transfer')
  shell.expectNoPageErrors()
})
