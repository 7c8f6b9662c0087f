import { DEMO_WORDS } from '@roompilot/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Browser, openBrowser, screenshot } from '../support/browser.js';
import { buttonName, choose, dialogFooterButton, loginAs } from '../support/console.js';
import { demoRooms } from '../support/rcus.js';
import { type RunningServer, startServer } from '../support/server.js';
import { CALM_SERVER } from '../support/suite.js';

/**
 * Issue 14, guest service: the manager adds a good and a question and edits the welcome word,
 * watching the TV preview follow the typing; then a demo room's TV, signed in with the room's
 * rcu_id and device key, reads them all from `GET /apis/guestinfo` (and gets 304 while nothing
 * changes). The same screens on a phone.
 */
let server: RunningServer;
let manager: Browser;
let phone: Browser;
let room: { rcu_id: string; device_key: string };

beforeAll(async () => {
  server = await startServer({ SIMULATE: '0', ...CALM_SERVER });
  const rooms = await demoRooms(server);
  room = rooms[0] as { rcu_id: string; device_key: string };
  manager = await openBrowser();
  phone = await openBrowser({ width: 390, height: 844 });
}, 120_000);

afterAll(async () => {
  await manager?.close();
  await phone?.close();
  await server?.stop();
});

/** What the room's TV gets: `GET /apis/guestinfo` with the room's RCU credentials. */
function guestInfo(headers: Record<string, string> = {}) {
  const basic = Buffer.from(`${room.rcu_id}:${room.device_key}`).toString('base64');
  return fetch(`${server.url}/apis/guestinfo`, { headers: { authorization: `Basic ${basic}`, ...headers } });
}

test('the manager adds a good and a question and edits the welcome word; the room TV reads them', async () => {
  const { page } = manager;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  // Goods: the demo's are there, prices with two decimals; a new one with a price in yuan and fen.
  await page.goto(`${server.url}/system/goods`);
  const table = page.locator('.ant-table-tbody');
  await table.getByText(DEMO_WORDS.zh.guestService.goods[1]?.name as string).waitFor();
  expect(await table.innerText()).toContain('38.00');
  await screenshot(page, 'guestservice-goods-1440');
  await page.getByRole('button', { name: buttonName('新增商品') }).click();
  const goodsDialog = page.getByRole('dialog').filter({ hasText: '新增商品' });
  await goodsDialog.getByLabel('商品名称').fill('浴袍');
  await choose(page, '类型', '租借物品', goodsDialog);
  await goodsDialog.getByLabel('库存').fill('5');
  await goodsDialog.getByLabel('价格').fill('88.5');
  await goodsDialog.getByLabel('描述').fill('纯棉，退房时归还');
  await dialogFooterButton(page, '保存').click();
  await page.getByText('商品“浴袍”已创建').waitFor();
  const robe = table.locator('tr').filter({ hasText: '浴袍' });
  await robe.waitFor();
  expect(await robe.innerText()).toMatch(/浴袍[\s\S]*租借物品[\s\S]*纯棉，退房时归还[\s\S]*5[\s\S]*88\.50/);
  // Search by keyword narrows the list to it.
  await page.getByPlaceholder('搜索名称或描述').fill('浴袍');
  await page.getByRole('button', { name: buttonName('搜索') }).click();
  await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(1);

  // A question.
  await page.goto(`${server.url}/system/question`);
  await table.getByText(DEMO_WORDS.zh.guestService.questions[0]?.question as string).waitFor();
  await page.getByRole('button', { name: buttonName('新增问答') }).click();
  const questionDialog = page.getByRole('dialog').filter({ hasText: '新增问答' });
  await choose(page, '类型', '酒店设施', questionDialog);
  await questionDialog.getByLabel('问题').fill('健身房在哪里？');
  await questionDialog.getByLabel('回答').fill('三楼，6:00 至 22:00 开放。');
  await dialogFooterButton(page, '保存').click();
  await page.getByText('问答已创建').waitFor();
  await table.getByText('健身房在哪里？').waitFor();
  await screenshot(page, 'guestservice-question-1440');

  // The welcome word: the preview follows the typing, framed with the hotel's name.
  await page.goto(`${server.url}/system/welcome`);
  const preview = page.locator('.rp-tv__screen');
  await preview.getByText(DEMO_WORDS.zh.hotel, { exact: true }).waitFor();
  expect(await preview.innerText()).toContain(DEMO_WORDS.zh.guestService.welcome);
  const word = '欢迎光临！\n祝您在 RoomPilot 住得愉快。';
  await page.getByLabel('欢迎词').fill(word);
  await expect.poll(() => preview.locator('.rp-tv__word').innerText()).toBe(word);
  const save = page.getByRole('button', { name: buttonName('保存') });
  expect(await save.isEnabled()).toBe(true);
  await screenshot(page, 'guestservice-welcome-1440');
  await save.click();
  await page.getByText('欢迎词已保存').waitFor();
  await expect.poll(() => save.isEnabled()).toBe(false);
  // Emptied, the word is saved only once the manager confirms it: the TVs would greet no one.
  await page.getByLabel('欢迎词').fill('');
  await save.click();
  const ask = page.locator('.ant-popconfirm');
  await ask.getByText('保存空的欢迎词？').waitFor();
  await screenshot(page, 'guestservice-welcome-empty-1440');
  await ask.getByRole('button', { name: buttonName('取消') }).click();
  await page.getByLabel('欢迎词').fill(word);
  await expect.poll(() => save.isEnabled()).toBe(false);

  // The room's TV.
  const answer = await guestInfo();
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as {
    code: number;
    data: { welcome_word: string; goods: unknown[]; questions: unknown[] };
  };
  expect(body.code).toBe(0);
  expect(body.data.welcome_word).toBe(word);
  expect(body.data.goods).toContainEqual({
    name: '浴袍',
    description: '纯棉，退房时归还',
    number: 5,
    type: 'rental',
    price: 8850,
  });
  expect(body.data.questions).toContainEqual({
    question: '健身房在哪里？',
    reply: '三楼，6:00 至 22:00 开放。',
    type: 'facilities',
  });
  const etag = answer.headers.get('etag') ?? '';
  expect((await guestInfo({ 'if-none-match': etag })).status).toBe(304);
  const wrong = await fetch(`${server.url}/apis/guestinfo`, {
    headers: { authorization: `Basic ${Buffer.from(`${room.rcu_id}:wrong`).toString('base64')}` },
  });
  expect(wrong.status).toBe(401);
  expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);

  // Two goods deleted at once, after a confirmation: the TV's next poll is a new answer without them.
  const [water, nuts] = DEMO_WORDS.zh.guestService.goods.map((goods) => goods.name) as [string, string];
  await page.goto(`${server.url}/system/goods`);
  for (const name of [water, nuts]) await table.locator('tr').filter({ hasText: name }).getByRole('checkbox').check();
  await page.getByRole('button', { name: buttonName('删除所选（2）') }).click();
  await page.getByText('确定删除所选的 2 件商品吗？').waitFor();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: buttonName('删除') })
    .click();
  await page.getByText('已删除 2 项').waitFor();
  await expect.poll(() => table.getByText(water, { exact: true }).count()).toBe(0);
  const after = await guestInfo({ 'if-none-match': etag });
  expect(after.status).toBe(200);
  const names = ((await after.json()) as { data: { goods: { name: string }[] } }).data.goods.map((g) => g.name);
  expect(names).not.toContain(water);
  expect(names).not.toContain(nuts);
  expect(names).toContain('浴袍');
});

test('the guest service screens fit a phone', async () => {
  const { page } = phone;
  await loginAs(page, server.url, 'manager', 'manager123');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  for (const [path, name] of [
    ['/system/goods', 'goods'],
    ['/system/question', 'question'],
    ['/system/welcome', 'welcome'],
  ] as const) {
    await page.goto(`${server.url}${path}`);
    await page
      .locator(name === 'welcome' ? '.rp-tv__screen' : '.ant-table-row')
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, `guestservice-${name}-390`);
  }
});
