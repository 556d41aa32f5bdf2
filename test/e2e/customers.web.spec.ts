import { expect, test } from '@playwright/test'
import { ChargesPage } from './pages/charges-page'
import { ConsoleShell } from './pages/console-shell'
import { putCustomer, removeCustomer, setSimulatorMode } from './support/sandbox-api'

/** Phones only this spec uses; the customers are removed again so other specs see the sandbox as before. */
const ACHIENG = '0712016001'
const OTIENO = '0712016002'

test.describe('simulated customers on the handset', () => {
  test.beforeEach(async ({ request }) => {
    await putCustomer(request, ACHIENG, { name: 'Achieng', balance: 500_000 })
    await putCustomer(request, OTIENO, { name: 'Otieno', balance: 20_000 })
    await setSimulatorMode(request, 'interactive')
  })
  test.afterEach(async ({ request }) => {
    await setSimulatorMode(request, 'fast')
    await removeCustomer(request, ACHIENG)
    await removeCustomer(request, OTIENO)
  })

  test('two customers have prompts at once; the handset switches between their phones and each answer moves that wallet', async ({ page }) => {
    const shell = new ConsoleShell(page)
    const charges = new ChargesPage(page)
    await shell.open('/charges')
    await charges.fill({ phone: ACHIENG, amount: '1,000', narration: 'Achieng order' })
    await charges.send()
    await charges.expectStatus('pending')
    await charges.fill({ phone: OTIENO, amount: '150', narration: 'Otieno order' })
    await charges.send()
    await charges.expectStatus('pending')

    // The charge just sent is in hand: Otieno's phone, with Achieng's prompt waiting elsewhere.
    const prompt = page.getByTestId('handset-prompt')
    const phoneInHand = page.getByRole('combobox', { name: 'Phone in hand' })
    await expect(prompt).toContainText('KES 150.00')
    await expect(prompt).toContainText('To +254712016002')
    await expect(page.getByText('1 waiting on other phones')).toBeVisible()
    await expect(page.getByTestId('handset-wallet')).toHaveText('M-PESA balance KES 200.00')
    await shell.screenshot('customers-handset-two-phones')

    // Switch to Achieng's phone and approve there: her wallet pays 1,000.
    await phoneInHand.selectOption({ label: 'Achieng · +254712016001 (1 prompt)' })
    await expect(prompt).toContainText('KES 1,000.00')
    await prompt.getByRole('button', { name: 'Enter PIN and approve' }).click()
    await expect(page.getByTestId('handset-wallet')).toHaveText('M-PESA balance KES 4,000.00')
    await expect(page.getByText('No prompt waiting.')).toBeVisible()

    // Back to Otieno, who cancels: his wallet stays.
    await phoneInHand.selectOption({ label: 'Otieno · +254712016002 (1 prompt)' })
    await prompt.getByRole('button', { name: 'Cancel' }).click()
    await charges.expectStatus('failed')
    await expect(page.getByTestId('handset-wallet')).toHaveText('M-PESA balance KES 200.00')
    shell.expectNoPageErrors()
  })

  test('the Customers screen lists wallets and changes a customer', async ({ page }) => {
    const shell = new ConsoleShell(page)
    await shell.open('/customers')
    const table = page.getByRole('table', { name: 'Customers' })
    await expect(table.getByRole('row').filter({ hasText: 'Otieno' })).toContainText('200.00')
    await table.getByRole('row').filter({ hasText: 'Otieno' }).click()
    const form = page.getByRole('form', { name: 'Customer' })
    await form.getByLabel('Status').selectOption('blocked')
    await form.getByRole('button', { name: 'Save customer' }).click()
    await expect(table.getByRole('row').filter({ hasText: 'Otieno' })).toContainText('blocked')
    shell.expectNoPageErrors()
  })
})
