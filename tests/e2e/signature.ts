import type { Locator, Page } from '@playwright/test';

/** A stroke across the signature pad with the mouse, as a finger or pen draws it (pointer events). */
export async function drawOn(page: Page, pad: Locator): Promise<void> {
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 15, { steps: 8 });
  await page.mouse.move(box.x + box.width - 20, box.y + box.height - 15, { steps: 8 });
  await page.mouse.up();
}
