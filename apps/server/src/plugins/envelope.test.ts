import { ErrorCode } from '@roompilot/contract';
import { expect, it } from 'vitest';
import { read } from '../access.js';
import { describeEachDatabase } from '../test-support/databases.js';

describeEachDatabase(
  'envelope',
  (t) => {
    it('answers unknown routes with 404/4404', async () => {
      for (const [method, url] of [
        ['POST', '/apis/nothing'],
        ['GET', '/apis/nothing/here'],
        ['DELETE', '/apis/login'],
      ] as const) {
        const answer = await t.call(method, url);
        expect(answer).toMatchObject({ status: 404, code: ErrorCode.notFound, data: null });
      }
    });

    it('answers malformed JSON, a wrong content type and an empty JSON body with 4400', async () => {
      const headers = { 'content-type': 'application/json' };
      const malformed = await t.call('POST', '/apis/login', { payload: '{"user_name": "manager",', headers });
      expect(malformed).toMatchObject({ status: 400, code: ErrorCode.invalid, message: '请求内容不是有效的 JSON' });
      const xml = await t.call('POST', '/apis/login', {
        payload: '<login/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(xml).toMatchObject({ status: 400, code: ErrorCode.invalid });
      const text = await t.call('POST', '/apis/login', {
        payload: 'manager',
        headers: { 'content-type': 'text/plain' },
      });
      expect(text).toMatchObject({ status: 400, code: ErrorCode.invalid });
      const empty = await t.call('POST', '/apis/login', { payload: '', headers });
      expect(empty).toMatchObject({ status: 400, code: ErrorCode.invalid });
    });

    it('names the field of a validation failure as the screen labels it, wholly in the caller language', async () => {
      const long = await t.call('POST', '/apis/login', {
        body: { user_name: 'x'.repeat(65), password: 'p' },
        headers: { 'accept-language': 'en' },
      });
      expect(long).toMatchObject({
        code: ErrorCode.invalid,
        message: 'Invalid input: User name must not have more than 64 characters',
      });
      const missing = await t.call('POST', '/apis/login', { body: { user_name: 'manager' } });
      expect(missing.message).toBe('参数错误: 请填写密码');
      const unknown = await t.call('POST', '/apis/login', {
        body: { user_name: 'manager', password: 'manager123', admin: true },
        headers: { 'accept-language': 'en' },
      });
      expect(unknown.message).toBe('Invalid input: The request body has an unknown field “admin”');
      const wrongType = await t.call('POST', '/apis/login', {
        body: { user_name: 5, password: 'p' },
        headers: { 'accept-language': 'es' },
      });
      expect(wrongType.message).toBe('Datos no válidos: Nombre de usuario debe ser un texto');
      const japanese = await t.call('POST', '/apis/login', { body: {}, headers: { 'accept-language': 'ja' } });
      expect(japanese.message).toBe('入力が正しくありません: ユーザー名を入力してください');
    });

    it("tells the rules of the console's forms in words: a pattern, a choice, a date, a list item", async () => {
      const token = await t.login('manager');
      const call = (path: string, body: unknown, language: string) =>
        t.call('POST', path, { token, body, headers: { 'accept-language': language } });
      const room = { room_num: '0999', floor_num: 2, room_type_id: 1, rcu_id: 'R-0999!' };
      expect((await call('/apis/roomadd', room, 'zh')).message).toBe('参数错误: RCU ID 格式不正确');
      expect((await call('/apis/roomadd', room, 'en')).message).toBe(
        'Invalid input: RCU ID is not in the right format',
      );
      const rent = { room_ids: [1], rent: 'gone' };
      expect((await call('/apis/roomstatecontrol', rent, 'zh')).message).toBe(
        '参数错误: 房态应为 "empty", "for_sale", "sold", "checked_in", "checkout" 之一',
      );
      const date = { room_num: '0999', floor_num: 2, room_type_id: 1, rcu_id: 'R0999', validdate: 'soon' };
      expect((await call('/apis/roomadd', date, 'en')).message).toBe(
        'Invalid input: Valid until must be a date (YYYY-MM-DD)',
      );
      expect((await call('/apis/roomadd', date, 'zh')).message).toBe('参数错误: 有效期应为日期(YYYY-MM-DD)');
      const device = {
        name: 'Bad',
        devices: [
          { key: 'L1', kind: 'light', name: 'x' },
          { key: 'L2', kind: 'lamp', name: 'y' },
        ],
      };
      expect((await call('/apis/roomtypeadd', device, 'zh')).message).toMatch(
        /^参数错误: 设备第 2 项 › 类型应为 "light", /,
      );
      expect((await call('/apis/roomtypeadd', device, 'en')).message).toMatch(
        /^Invalid input: Devices item 2 › Kind must be one of "light", /,
      );
    });

    it('refuses a JSON body nested deeper than 32 levels with 4400 naming the field, before any call sees it', async () => {
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const headers = { 'content-type': 'application/json', 'accept-language': 'en' };
      const login = await t.call('POST', '/apis/login', {
        payload: `{"user_name":"manager","password":${deep}}`,
        headers,
      });
      expect(login).toMatchObject({ status: 400, code: ErrorCode.invalid, data: null });
      expect(login.message).toBe(`Invalid input: password${'.0'.repeat(31)} is nested more than 32 levels deep.`);

      const token = await t.login('manager');
      const params = await t.call('POST', '/apis/paramsset', {
        token,
        payload: `{"room_id":1,"params":{"scene":{"steps":[${deep}]}}}`,
        headers: { ...headers, 'accept-language': 'ja' },
      });
      expect(params).toMatchObject({ status: 400, code: ErrorCode.invalid });
      expect(params.message).toMatch(
        /^入力が正しくありません: params\.scene\.steps\.0(\.0)+ の入れ子が 32 階層を超えています。$/,
      );

      // At the limit the body passes the door and meets the call's own schema.
      const atLimit = `${'['.repeat(31)}${']'.repeat(31)}`;
      const shallow = await t.call('POST', '/apis/login', {
        payload: `{"user_name":"manager","password":${atLimit}}`,
        headers,
      });
      expect(shallow).toMatchObject({ code: ErrorCode.invalid, message: 'Invalid input: Password must be text' });
    });

    it('answers a body over the limit with 413/4413', async () => {
      const answer = await t.call('POST', '/apis/login', {
        payload: JSON.stringify({ user_name: 'x'.repeat(t.config.bodyLimitBytes), password: 'p' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(answer).toMatchObject({ status: 413, code: ErrorCode.tooLarge });
    });

    it('answers an unexpected error with 500/5000, the request id and no internals', async () => {
      const answer = await t.call('GET', '/apis/test/boom', { headers: { 'accept-language': 'en' } });
      expect(answer).toMatchObject({ status: 500, code: ErrorCode.internal, data: null });
      expect(answer.message).toMatch(/^Internal server error; please try again later \(request req-\w+\)\.$/);
      expect(answer.raw).not.toContain('secret');
      expect(answer.raw).not.toContain('at ');
      expect(Object.keys(JSON.parse(answer.raw)).sort()).toEqual(['code', 'data', 'message']);
    });

    it('answers the site info without a session', async () => {
      const answer = await t.call('GET', '/apis/site');
      expect(answer).toMatchObject({
        code: 0,
        data: { product: 'RoomPilot', copyright: '© RoomPilot', filing_number: '' },
      });
    });

    it('publishes the OpenAPI document with the bearer scheme, and the docs page', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/apis/docs/json' });
      const document = answer.json();
      expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
      expect(document.paths['/apis/login'].post.security).toBeUndefined();
      expect(document.paths['/apis/userinfo'].post.security).toEqual([{ bearer: [] }]);
      expect(document.paths['/apis/roleadd'].post.requestBody).toBeDefined();
      const page = await t.app.inject({ method: 'GET', url: '/apis/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger-ui');
      expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
      const bundle = await t.app.inject({ method: 'GET', url: '/apis/docs/static/swagger-ui-bundle.js' });
      expect(bundle.statusCode).toBe(200);
    });
  },
  {
    build: {
      extraRoutes: async (api) => {
        api.get('/test/boom', { config: read('public') }, async () => {
          throw new Error('secret internals: database password hunter2');
        });
      },
    },
  },
);
