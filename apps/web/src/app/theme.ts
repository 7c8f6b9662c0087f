import type { ThemeConfig } from 'antd';

/**
 * The console's Ant Design theme. Also read at build time by build/antdStyles.ts, which renders the
 * components with it and ships their styles as a CSS file (see there).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    colorBgLayout: '#f3f5f9',
    // Text at least 4.5:1 against its background (WCAG AA; checked by e2e/tests/a11y): antd's
    // defaults for links, errors, success tags, secondary text and placeholders are lighter.
    colorLink: '#1668dc',
    colorInfo: '#1668dc',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
  },
  components: {
    // Status tags (online, results, validity, the last known state) in colours that read.
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      colorWarningBg: '#fff7e6',
      colorWarningBorder: '#ffd591',
    },
    Layout: { siderBg: '#0f1d35', headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px' },
    Menu: {
      darkItemBg: '#0f1d35',
      darkSubMenuItemBg: '#0a1628',
      darkPopupBg: '#0f1d35',
      darkItemSelectedBg: '#1668dc',
    },
  },
};

/** localStorage key that turns antd's runtime styles back on in a built console (e2e/tests/styles). */
export const ANTD_RUNTIME_STYLES_KEY = 'roompilot.antdRuntimeStyles';

function runtimeStylesWanted(): boolean {
  try {
    return localStorage.getItem(ANTD_RUNTIME_STYLES_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The theme the console runs with. In a build, antd's styles are all in the stylesheet made at build
 * time (build/antdStyles.ts), so antd is told not to build any in the browser (`zeroRuntime`): each
 * component then skips its style hooks on every render, a sixth of the first render's script
 * (docs/benchmarks.md, "Screen load"). Only the CSS variables (its tokens) are still written at run
 * time. e2e/tests/styles turns the runtime back on (ANTD_RUNTIME_STYLES_KEY) to check that the sheet
 * has every style the screens ask for: a style missing from it would be missing from the page. The
 * dev server has no such sheet and keeps antd's runtime styles.
 */
export function runtimeTheme(): ThemeConfig {
  return {
    ...theme,
    // antd's own switch for its motion (dialogs, drawers, menus and messages appear in place); a
    // token the sheet's styles do not depend on.
    token: { ...theme.token, motion: !reducedMotionWanted() },
    zeroRuntime: import.meta.env.PROD && !runtimeStylesWanted(),
  };
}

/**
 * The reader asked the system for less motion (an accessibility setting, read when the console
 * starts): antd animates nothing, global.css stops the remaining transitions, charts draw at once.
 */
function reducedMotionWanted(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
