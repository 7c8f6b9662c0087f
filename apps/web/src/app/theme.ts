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
