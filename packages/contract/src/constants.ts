/** Business constants of SPEC.md section 9, shared by the console, the server and the tests. */
export const API_BASE = '/apis';
export const REQUEST_TIMEOUT_MS = 50_000;
export const TOKEN_COOKIE = 'Admin-Token';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const LANGUAGE_COOKIE = 'language';
export const ERROR_TOAST_MS = 5_000;
export const ALERT_POLL_MS = 10_000;
export const ALERT_AUTO_CLOSE_MS = 3_000;
export const MOBILE_BREAKPOINT_PX = 1024;
export const PASSWORD_DIALOG_WIDTH = '20%';
export const SUBMENU_SHOW_DELAY_MS = 200;

export const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';
/** Each language's BCP 47 tag for `Intl`, so dates and numbers read alike in the console and in the server's messages. */
export const INTL_LOCALES: Record<Language, string> = { zh: 'zh-CN', en: 'en-US', es: 'es-ES', ja: 'ja-JP' };

/** The user who runs the platform: hotels, validity periods, users of every hotel. */
export const ADMIN_USER_NAME = 'Administrator';

/** The hotel the first start seeds (DEMO=1); `npm start` simulates its RCUs (SIMULATE=1). */
export const DEMO_HOTEL_NAME = 'RoomPilot Demo Hotel';
