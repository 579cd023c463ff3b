/**
 * Signing a waiver form as a person does on a phone (issues 27 and 28): the selfie first (Chromium's
 * fake camera), the three boxes, a signature drawn with the mouse, then "sign". Shared by the
 * registration and spectator browser tests, each passing the labels it reads the form by.
 */
import { expect, type Page } from './test';

/** The form's labels: button and image names, and the three boxes' names (text or pattern). */
export interface WaiverFormLabels {
  selfieStart: string;
  selfieTake: string;
  selfieAlt: string;
  consent: string | RegExp;
  agreed: string | RegExp;
  certified: string | RegExp;
  signHere: string;
}

/** Signs the waiver form on `page` (see the file's docstring); the event asks for a selfie. */
export async function signWaiver(page: Page, t: WaiverFormLabels) {
  await page.getByRole('button', { name: t.selfieStart }).click();
  await page.getByRole('button', { name: t.selfieTake }).click();
  await expect(page.getByRole('img', { name: t.selfieAlt })).toBeVisible();
  await page.getByRole('checkbox', { name: t.consent }).check();
  await page.getByRole('checkbox', { name: t.agreed }).check();
  await page.getByRole('checkbox', { name: t.certified }).check();
  await page.getByRole('button', { name: t.signHere }).click();
  const pad = page.locator('canvas');
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) await page.mouse.move(box.x + 20 + i * 12, box.y + box.height / 2 + Math.sin(i / 2) * 40);
  await page.mouse.up();
  await page.getByTestId('waiver-submit').click();
}
