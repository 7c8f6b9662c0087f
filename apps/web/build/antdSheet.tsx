/**
 * Renders Ant Design's components once, at build time, with the console's theme, and answers the
 * styles they register as one CSS text (see antdStyles.ts for why). Run through Vite's module runner,
 * never shipped to the browser.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { theme } from '../src/app/theme';

type AnyComponent = ComponentType<Record<string, unknown>>;

/**
 * Props a component needs to register all of its styles on a server render: without options a Select
 * has no dropdown rows, without rows a Table no pagination, a Tag without a status colour no status
 * styles, and so on (a list: rendered once with each). Others render bare. e2e/tests/styles finds
 * what is missing here: a screen whose antd styles are still built at run time.
 */
type Props = Record<string, unknown>;
const PROPS: Record<string, Props | Props[]> = {
  Tag: [{}, { color: 'success' }, { color: 'blue' }],
  Select: { options: [{ value: 1, label: 'a' }], open: true, mode: 'multiple' },
  Table: { dataSource: [{ key: 1 }], columns: [{ title: 'a', dataIndex: 'key', sorter: true }], rowSelection: {} },
  Menu: { items: [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }], mode: 'inline' },
  Tabs: { items: [{ key: 'a', label: 'a', children: 'a' }] },
  Descriptions: { items: [{ key: 'a', label: 'a', children: 'a' }] },
  Breadcrumb: { items: [{ title: 'a' }, { title: 'b' }] },
  Segmented: { options: ['a', 'b'] },
  Pagination: { total: 100, showSizeChanger: true, showQuickJumper: true },
  Progress: { percent: 50 },
  Badge: { count: 1 },
  Dropdown: { menu: { items: [{ key: 'a', label: 'a' }] }, open: true, children: <span /> },
  Tooltip: { title: 'a', open: true, children: <span /> },
  Popconfirm: { title: 'a', open: true, children: <span /> },
  Popover: { title: 'a', open: true, children: <span /> },
  Result: { title: 'a', status: 'error' },
  Steps: { items: [{ title: 'a' }] },
};

/** Components, hooks and helpers exported by antd that are not rendered as elements. */
const NOT_RENDERED = new Set(['ConfigProvider', 'message', 'notification', 'theme', 'version', 'App']);

function isComponent(value: unknown): value is AnyComponent {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/** The components hanging off a component (Input.Password, Layout.Sider, Form.Item, …). */
function parts(name: string, component: AnyComponent): [string, AnyComponent][] {
  return Object.entries(component)
    .filter(([key, value]) => /^[A-Z][a-z]/.test(key) && isComponent(value))
    .map(([key, value]) => [`${name}.${key}`, value as AnyComponent]);
}

function Component({ component: Rendered, props }: { component: AnyComponent; props?: Record<string, unknown> }) {
  return <Rendered {...props} />;
}

export interface Sheet {
  css: string;
  /** The components rendered, and those that threw on a server render (left to the runtime). */
  rendered: string[];
  failed: string[];
}

/** Renders the named antd exports (and their parts) with the console's theme; answers their CSS. */
export function renderSheet(names: readonly string[]): Sheet {
  const cache = createCache();
  const rendered: string[] = [];
  const failed: string[] = [];
  const exports = antd as unknown as Record<string, unknown>;
  const render = (node: ReactNode) =>
    renderToString(
      <StyleProvider cache={cache}>
        <antd.ConfigProvider theme={theme}>{node}</antd.ConfigProvider>
      </StyleProvider>,
    );
  const silence = console.error;
  const warn = console.warn;
  console.error = () => {};
  console.warn = () => {};
  try {
    // The theme's tokens, the reset and the icons' styles.
    render(<antd.App>a</antd.App>);
    for (const name of [...new Set(names)].sort()) {
      const component = exports[name];
      if (NOT_RENDERED.has(name) || !isComponent(component)) continue;
      try {
        for (const props of [PROPS[name] ?? {}].flat()) render(<Component component={component} props={props} />);
        rendered.push(name);
      } catch {
        failed.push(name);
      }
      // Parts that only render inside their parent (Menu.Item, Form.List) throw here: their styles
      // are their parent's.
      for (const [label, part] of parts(name, component)) {
        try {
          for (const props of [PROPS[label] ?? {}].flat()) render(<Component component={part} props={props} />);
        } catch {}
      }
    }
    // What the console shows through hooks and static calls rather than elements: message toasts
    // (MessageHolder, the http client's errors), notifications, and the Modal.confirm dialogs. Their
    // holders register no style until a toast or a dialog opens; their panels render one. Last, so
    // that the styles registered above keep their order in the sheet.
    const panel = (component: unknown) =>
      (component as { _InternalPanelDoNotUseOrYouWillBeFired: AnyComponent })._InternalPanelDoNotUseOrYouWillBeFired;
    for (const type of ['success', 'error', 'info', 'warning', 'loading']) {
      render(<Component component={panel(antd.message)} props={{ type, content: 'a' }} />);
      render(<Component component={panel(antd.notification)} props={{ type, title: 'a', description: 'b' }} />);
    }
    for (const type of ['confirm', 'info', 'success', 'error', 'warning']) {
      render(<Component component={panel(antd.Modal)} props={{ type, title: 'a', content: 'b' }} />);
    }
  } finally {
    console.error = silence;
    console.warn = warn;
  }
  // Only the styles: the CSS variables are keyed by React ids of the page, so the runtime writes them.
  return { css: extractStyle(cache, { plain: true, types: 'style' }), rendered, failed };
}
