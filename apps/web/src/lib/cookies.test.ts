// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, expect, test, vi } from 'vitest';
import { getCookie, removeCookie, setCookie } from './cookies';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(async () => {
  removeCookie('a', { path: '/' });
  removeCookie('b', { path: '/' });
  await nextTask();
});

test('document.cookie is read once per task, and again in the next one', async () => {
  Cookies.set('a', '1', { path: '/' });
  await nextTask();
  const read = vi.spyOn(Document.prototype, 'cookie', 'get');
  expect(getCookie('a')).toBe('1');
  expect(getCookie('a')).toBe('1');
  expect(getCookie('b')).toBeUndefined();
  const reads = read.mock.calls.length;
  expect(reads).toBeGreaterThan(0);
  expect(reads).toBeLessThanOrEqual(2);
  // Changed elsewhere (another tab, written past this module): seen from the next task on.
  Cookies.set('a', '2', { path: '/' });
  expect(getCookie('a')).toBe('1');
  await nextTask();
  expect(getCookie('a')).toBe('2');
  read.mockRestore();
});

test('what this page writes or removes is seen at once', () => {
  expect(getCookie('b')).toBeUndefined();
  setCookie('b', 'x y', { path: '/' });
  expect(getCookie('b')).toBe('x y');
  removeCookie('b', { path: '/' });
  expect(getCookie('b')).toBeUndefined();
});
