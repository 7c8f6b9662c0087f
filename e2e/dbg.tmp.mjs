import { chromium } from 'playwright-core';

const base = 'http://127.0.0.1:8121';
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
await p.goto(base + '/login');
await p.locator('#login_user_name').fill('manager');
await p.locator('#login_password').fill('manager123');
await p.getByRole('button', { name: /登\s*录/ }).click();
await p.waitForTimeout(1500);
await p.goto(base + '/roomsystem/room');
await p.waitForTimeout(1500);
await p
  .getByRole('button', { name: /批量新增/ })
  .first()
  .click();
await p.waitForTimeout(800);
const dlg = p.getByRole('dialog').filter({ hasText: '批量新增房间' });
for (const el of await dlg.getByRole('combobox').all())
  console.log(
    'combobox',
    await el.getAttribute('id'),
    await el.evaluate((e) => (e.labels ? [...e.labels].map((l) => l.textContent).join('|') : '')),
    await el.getAttribute('aria-label'),
  );
console.log(await dlg.locator('label').allInnerTexts());
await dlg.getByRole('combobox', { name: '楼栋', exact: true }).click();
await p.waitForTimeout(500);
console.log('visible dropdowns', await p.locator('.ant-select-dropdown:visible').count());
await p.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
await p.waitForTimeout(500);
for (const el of await dlg.getByRole('combobox').all())
  console.log(
    'combobox',
    await el.getAttribute('id'),
    await el.evaluate((e) => (e.labels ? [...e.labels].map((l) => l.textContent).join('|') : '')),
  );
console.log('count', await dlg.getByRole('combobox', { name: '房型', exact: true }).count());
console.log(
  'count3',
  await dlg.getByLabel('房型', { exact: true }).count(),
  await dlg.locator('input[role=combobox]').count(),
  await p.locator('.ant-modal').count(),
);
console.log('count2', await p.getByRole('combobox', { name: '房型', exact: true }).count());
await p.screenshot({ path: '/tmp/bulk.png' });
await b.close();
