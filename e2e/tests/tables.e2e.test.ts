import { LANGUAGE_COOKIE } from '@roompilot/contract';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { BUILT_SCREENS, screenUrl, signInFor, waitForScreen } from '../support/screens.js';
import { consoleSuite } from '../support/suite.js';

/**
 * The list screens' tables as a reader sees them: at 1440 px every header reads whole in each
 * language and no table scrolls sideways; at 390 px a row's actions follow the column that names
 * the row, in sight, instead of sitting behind five columns.
 */
const suite = consoleSuite({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });

/** The list screens; the rooms' holds a room's floor, its RCU's MAC and versions on lines of their own. */
const LISTS = {
  hotel: ['pm_roomtype', 'pm_user', 'pm_goods', 'pm_question', 'pm_role', 'pm_roomdetail'],
  admin: ['pm_hotel', 'pm_validdate', 'pm_user_admin'],
} as const;

/** What a table's header and width show: headers cut short (an ellipsis) and how far it scrolls sideways. */
function tableState(page: Page) {
  return page
    .locator('.ant-table-wrapper')
    .first()
    .evaluate((wrapper) => {
      // The header's words as laid out (an ellipsis draws less, but lays out the whole) against the
      // room they have: the title's box beside the sort arrows, or the cell inside its padding.
      const cut = Array.from(wrapper.querySelectorAll('thead th'))
        .filter((th) => {
          const title = th.querySelector('.ant-table-column-title');
          const range = document.createRange();
          range.selectNodeContents(title ?? th);
          const words = range.getBoundingClientRect();
          const cell = th.getBoundingClientRect();
          const style = getComputedStyle(th);
          const room = title
            ? title.getBoundingClientRect()
            : { left: cell.left + parseFloat(style.paddingLeft), right: cell.right - parseFloat(style.paddingRight) };
          return words.width > 0 && (words.left < room.left - 1 || words.right > room.right + 1);
        })
        .map((th) => th.textContent ?? '');
      const box = wrapper.querySelector('.ant-table-content, .ant-table-body');
      const overflow = box ? box.scrollWidth - box.clientWidth : 0;
      const headers = Array.from(wrapper.querySelectorAll('thead th')).map((th) => ({
        text: (th.textContent ?? '').trim(),
        right: th.getBoundingClientRect().right,
      }));
      return { cut, overflow, headers };
    });
}

async function walkLists(
  page: Page,
  language: string,
  width: number,
  check: (name: string, state: Awaited<ReturnType<typeof tableState>>) => string[],
) {
  await page.setViewportSize({ width, height: width < 1024 ? 844 : 900 });
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: suite.server.url }]);
  const found: Record<string, string[]> = {};
  for (const as of ['hotel', 'admin'] as const) {
    const ids = await signInFor(page, suite.server, as);
    for (const name of LISTS[as]) {
      const screen = BUILT_SCREENS.find((built) => built.name === name && built.as === as);
      if (!screen) throw new Error(`no built screen ${name}`);
      await page.goto(screenUrl(suite.server.url, screen, ids));
      await waitForScreen(page);
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      const problems = check(name, await tableState(page));
      if (problems.length > 0) found[name] = problems;
      await screenshot(page, `tables-${width}-${language}-${name}`);
    }
  }
  return found;
}

for (const language of ['zh', 'en', 'es', 'ja'] as const) {
  test(`at 1440 px in ${language} every list header reads whole and no list scrolls sideways`, async () => {
    const found = await walkLists(suite.browser.page, language, 1440, (_name, { cut, overflow }) => [
      ...cut.map((header) => `the header "${header}" is cut`),
      ...(overflow > 0 ? [`scrolls ${overflow} px sideways`] : []),
    ]);
    expect(found).toEqual({});
  }, 120_000);
}

test('at 390 px in Spanish a row’s actions follow the column that names the row, within the screen', async () => {
  const actions = 'Acciones';
  const found = await walkLists(suite.browser.page, 'es', 390, (_name, { headers }) => {
    const named = headers.filter((header) => header.text !== '');
    const at = named.findIndex((header) => header.text === actions);
    const problems: string[] = [];
    if (at !== 1) problems.push(`"${actions}" is header ${at + 1} of ${named.map((header) => header.text).join(', ')}`);
    if ((named[at]?.right ?? Number.POSITIVE_INFINITY) > 390) problems.push(`"${actions}" ends at ${named[at]?.right}`);
    return problems;
  });
  expect(found).toEqual({});
}, 120_000);
