import type { Page } from 'playwright-core';

/** The rules antd inserted at run time that set more than custom properties: one line each. */
export function runtimeStyles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-css-hash]')).flatMap((style) =>
      Array.from(style.sheet?.cssRules ?? [])
        .filter(
          (rule) =>
            !(rule instanceof CSSStyleRule) ||
            Array.from({ length: rule.style.length }, (_, at) => rule.style.item(at)).some(
              (property) => !property.startsWith('--'),
            ),
        )
        .map((rule) => rule.cssText.slice(0, 120)),
    ),
  );
}
