import { API_BASE, ErrorCode, httpStatusFor, type Language } from '@roompilot/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, invalid } from '../errors.js';
import { describeValidation, type MessageKey, pickLanguage, translate } from '../i18n.js';
import { JSON_DEPTH_MAX, tooDeepField } from '../json-depth.js';

/** A field's path or a URL as a message shows it: a path 32 levels deep or 10 KB long is cut. */
const SHOWN = 200;
const shown = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);

/**
 * An error that says the database could not be reached (connection refused or cut, the pool's
 * connect time-out, PostgreSQL shutting down or not yet accepting): the call did nothing, and may
 * be made again shortly. HTTP 503 for load balancers and clients; the code is still 5000.
 */
export function databaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'].includes(code)) return true;
    // PostgreSQL: connection exceptions (08…), admin shutdown, crash shutdown, cannot connect now.
    if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03'].includes(code)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message,
  );
}

function send(reply: FastifyReply, code: number, message: string, data: unknown = null) {
  return reply.status(httpStatusFor(code)).send({ code, message, data });
}

/**
 * Every failure becomes `{code, message, data: null}` with the HTTP status of its class, in the
 * caller's language. Unexpected errors are logged with the request id; the answer says nothing
 * of the internals.
 */
export const envelopePlugin = fp(
  async (app: FastifyInstance, options: { bodyLimitBytes: number }) => {
    app.decorateRequest('language', 'zh');
    app.addHook('onRequest', async (request) => {
      request.language = pickLanguage(request.headers['accept-language']);
    });

    // Every JSON body: nesting deeper than JSON_DEPTH_MAX is refused (4400 naming the field) before
    // it is parsed, so nothing after the door (the schemas, the command encoder, the operation log)
    // walks a document 100,000 levels deep. The rest is Fastify's own parser (prototype poisoning refused).
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const field = tooDeepField(body as string, JSON_DEPTH_MAX);
      if (field !== null) {
        done(invalid('error.tooDeep', { field: shown(field), max: JSON_DEPTH_MAX }), undefined);
        return;
      }
      parseJson(request, body as string, done);
    });

    app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      const language = request.language ?? pickLanguage(request.headers['accept-language']);
      const say = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
      if (error instanceof AppError) {
        return send(reply, error.code, say(error.messageKey, error.params), error.data);
      }
      if (error.validation) {
        const [issue] = error.validation;
        const detail = issue
          ? describeValidation(language, error.validation, error.validationContext ?? 'body')
          : String(error.message);
        return send(reply, ErrorCode.invalid, say('error.invalid', { detail }));
      }
      switch (error.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return send(reply, ErrorCode.tooLarge, say('error.tooLarge', { limit: options.bodyLimitBytes }));
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return send(
            reply,
            ErrorCode.invalid,
            say('error.contentType', { type: request.headers['content-type'] ?? '' }),
          );
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return send(reply, ErrorCode.invalid, say('error.malformedJson'));
      }
      if (error instanceof SyntaxError && error.statusCode === 400) {
        return send(reply, ErrorCode.invalid, say('error.malformedJson'));
      }
      const status = error.statusCode ?? 500;
      if (status === 413)
        return send(reply, ErrorCode.tooLarge, say('error.tooLarge', { limit: options.bodyLimitBytes }));
      if (status === 429) return send(reply, ErrorCode.tooManyRequests, say('error.tooManyRequests'));
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'request refused');
        return send(reply, ErrorCode.invalid, say('error.invalid', { detail: error.message }));
      }
      if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
        // The client went away while its answer was being sent (a browser that navigated on): no
        // fault of the server's, and nobody left to answer.
        request.log.info({ reqId: request.id }, 'the client went away before its answer was sent');
        return reply;
      }
      if (databaseUnreachable(error)) {
        request.log.warn({ err: error, reqId: request.id }, 'the database cannot be reached');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({
            code: ErrorCode.internal,
            message: say('error.databaseUnavailable', { requestId: request.id }),
            data: null,
          });
      }
      request.log.error({ err: error, reqId: request.id }, 'unexpected error');
      return send(reply, ErrorCode.internal, say('error.internal', { requestId: request.id }));
    });

    app.setNotFoundHandler((request, reply) => sendRouteNotFound(request, reply, request.language));
  },
  { name: 'envelope' },
);

function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply, language: Language) {
  const url = originalUrl(request).split('?')[0] ?? '/';
  return send(
    reply,
    ErrorCode.notFound,
    translate(language, 'error.routeNotFound', { method: request.method, url: shown(url) }),
  );
}

/** On a request the router could not read: the URL it came with (see answerFrameworkError). */
const ODD_URL = Symbol('odd url');
type RawRequest = FastifyRequest['raw'] & { [ODD_URL]?: string };
/** Where such a request is sent round again: a clean path no route answers but the console's. */
const ODD_URL_PATH = '/-odd-url-';

/** The URL a request came with, even one the router could not read. */
function originalUrl(request: FastifyRequest): string {
  return (request.raw as RawRequest)[ODD_URL] ?? request.raw.url ?? '/';
}

/** Whether the router could not read the URL the request came with: no file, no call, 404. */
export function isOddUrl(request: FastifyRequest): boolean {
  return (request.raw as RawRequest)[ODD_URL] !== undefined;
}

/**
 * Fastify's `frameworkErrors`: a URL its router cannot read (a bad escape such as `/%ff` or `/%zz`)
 * never gets Fastify's bare error page. The request is sent round again (`route`, the app's
 * router) under a clean path, keeping its own URL for the answer, so that every hook runs as for
 * any request (the security headers, compression, load shedding): under `/apis` it is a call that
 * does not exist (the envelope's 404/4404, naming the URL it came with); elsewhere the console's
 * page, as 404 (see isOddUrl). A request already sent round is answered here.
 */
export function answerFrameworkError(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  route: (raw: FastifyRequest['raw'], res: FastifyReply['raw']) => void,
) {
  const raw = request.raw as RawRequest;
  const path = (raw.url ?? '/').split('?')[0] ?? '/';
  const api = path === API_BASE || path.startsWith(`${API_BASE}/`);
  if (raw[ODD_URL] !== undefined) {
    return sendRouteNotFound(request, reply, pickLanguage(request.headers['accept-language']));
  }
  raw[ODD_URL] = raw.url ?? '/';
  raw.url = api ? `${API_BASE}${ODD_URL_PATH}` : ODD_URL_PATH;
  route(raw, reply.raw);
}
