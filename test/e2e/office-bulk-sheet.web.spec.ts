import { expect, test } from '@playwright/test'
import { BulkPayoutsPage } from './pages/bulk-payouts-page'
import { ConsoleShell, minorFromText } from './pages/console-shell'
import { seriousAxeViolations } from './support/axe'
import { pageOverflow } from './support/fit'
import { putCustomer } from './support/sandbox-api'

// A bookkeeper's salary sheet at 1024×700: its own columns kept (shown "not used"), the Employee column read
// as the intended name beside the registered one, rows dropped and corrected on screen, the draft deleted.
test.use({ viewport: { width: 1024, height: 700 } })

test('a salary sheet with Employee and extra columns is previewed, put right row by row, and its draft deleted', async ({ page, request }) => {
  await putCustomer(request, '0722600101', { name: 'FATUMA MUNYAO', status: 'active' })
  await putCustomer(request, '0722600102', { name: 'PETER OTIENO', status: 'active' })
  await putCustomer(request, '0722600103', { name: 'GRACE NJERI', status: 'active' })
  const shell = new ConsoleShell(page)
  const bulk = new BulkPayoutsPage(page)
  await shell.open('/payouts/bulk')
  const csv = `Staff No,Employee,Phone,Amount,Department\n17,Fatuma Munyao,0722600101,"25,000",Sales\n18,Fatuma Munyao,0722600102,"10,000",Sales\n19,Grace Njeri,07226,"5,000",Stores\n`
  await bulk.upload('November salaries.csv', csv)
  await expect(page.getByTestId('batch-unused-columns')).toContainText('Not used: Staff No, Department')
  const wrong = bulk.rows.getByRole('row').filter({ hasText: 'PETER OTIENO' })
  await expect(wrong.getByTestId('intended-name')).toHaveText('Differs File: Fatuma Munyao')
  await expect(bulk.rows.getByRole('row').filter({ hasText: /FATUMA MUNYAO/ }).getByTestId('intended-name')).toHaveText('File: Fatuma Munyao')
  await expect(bulk.rows.getByRole('row').filter({ hasText: 'Grace Njeri' })).toContainText('phone 07226 is too short')
  await expect(bulk.summary.getByTestId('batch-rows')).toHaveText('2 valid of 3 (1 invalid, not paid)')
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  expect(await seriousAxeViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Drop line 3' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Drop the row' }).click()
  await expect(bulk.summary.getByTestId('batch-rows')).toHaveText('1 valid of 2 (1 invalid, not paid)')
  expect(minorFromText(await bulk.summary.getByTestId('batch-amount').innerText())).toBe(2_500_000)

  await page.getByRole('button', { name: 'Correct line 4' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(/^Phone/).fill('0722600103')
  await expect(dialog.getByText('(optional)')).toHaveCount(3)
  await dialog.getByRole('button', { name: 'Check and save' }).click()
  await expect(dialog).toBeHidden()
  await expect(bulk.summary.getByTestId('batch-rows')).toHaveText('2 valid of 2')
  expect(minorFromText(await bulk.summary.getByTestId('batch-amount').innerText())).toBe(3_000_000)

  await page.getByRole('button', { name: 'Delete draft' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete the draft' }).click()
  await expect(shell.heading).toHaveText('Bulk payouts')
  await expect(page.getByRole('link', { name: 'November salaries' })).toHaveCount(0)
  shell.expectNoPageErrors()
})
