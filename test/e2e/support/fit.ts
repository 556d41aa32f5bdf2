import { expect, type Locator, type Page } from '@playwright/test'

/** The table scrolls no sideways in its card, and each named column header is wholly on screen. */
export async function expectColumnsShown(table: Locator, headers: readonly string[], noSidewaysScroll = true): Promise<void> {
  await expect(table.locator('tbody tr').first()).toBeVisible()
  for (const header of headers) await expect(table.getByRole('columnheader', { name: header }), header).toBeInViewport({ ratio: 1 })
  if (noSidewaysScroll) expect(await table.locator('xpath=..').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1)
}

/** How much wider than the window the page is (0 when it fits). */
export const pageOverflow = (page: Page) => page.evaluate(() => {
  const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement
  return root.scrollWidth - root.clientWidth
})

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * The top bar as a person sees it: the search keeps its words and its "/" hint, the API URL is whole or
 * left out, and every item (organization, search, API URL and Copy, live updates, environment, who is
 * signed in) is wholly inside the window without overlapping another.
 */
export async function expectTopBarFits(page: Page): Promise<void> {
  const search = page.getByRole('combobox', { name: 'Search' })
  const room = await search.evaluate((input) => {
    const el = input as unknown as { placeholder: string; clientWidth: number; ownerDocument: { createElement(tag: string): { getContext(kind: string): { font: string; measureText(text: string): { width: number } } } } }
    const style = (globalThis as unknown as { getComputedStyle(node: unknown): { font: string; paddingLeft: string; paddingRight: string } }).getComputedStyle(input)
    const context = el.ownerDocument.createElement('canvas').getContext('2d')
    context.font = style.font
    return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - context.measureText(el.placeholder).width
  })
  expect(room, 'room left after the search placeholder').toBeGreaterThanOrEqual(0)
  await expect(page.locator('.search-box kbd')).toBeInViewport({ ratio: 1 })
  const url = page.getByTestId('api-url')
  if (await url.isVisible()) expect(await url.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  // The bar's items, then the parts inside the API URL and the signed-in user: none overlaps another of its row.
  for (const row of ['header.top-bar > *', '.top-bar__api > *', '.top-bar__user > *']) await expectApart(page.locator(row))
}

/** Each visible element is wholly inside the window and overlaps none of the others. */
async function expectApart(elements: Locator): Promise<void> {
  const boxes: { name: string; box: Box }[] = []
  for (const element of await elements.all()) {
    const box = await element.boundingBox()
    if (!box || box.width === 0 || box.height === 0) continue
    const name = await element.evaluate((el) => `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(' ')[0]}`)
    await expect(element, name).toBeInViewport({ ratio: 1 })
    for (const other of boxes) expect(overlap(other.box, box), `${other.name} and ${name} overlap`).toBe(false)
    boxes.push({ name, box })
  }
}
