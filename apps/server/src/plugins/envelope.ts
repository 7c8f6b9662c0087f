import { ErrorCode, httpStatusFor } from '@roompilot/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { describeValidation, type MessageKey, pickLanguage, translate } from '../i18n.js';

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

    app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      const language = request.language ?? pickLanguage(request.headers['accept-language']);
      const say = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
      if (error instanceof AppError) {
        return send(reply, error.code, say(error.messageKey, error.params), error.data);
      }
      if (error.validation) {
        const [issue] = error.validation;
        const detail = issue
          ? describeValidation(language, issue, error.validationContext ?? 'body')
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
      request.log.error({ err: error, reqId: request.id }, 'unexpected error');
      return send(reply, ErrorCode.internal, say('error.internal', { requestId: request.id }));
    });

    app.setNotFoundHandler((request, reply) =>
      send(
        reply,
        ErrorCode.notFound,
        translate(request.language, 'error.routeNotFound', {
          method: request.method,
          url: request.url.split('?')[0] ?? '',
        }),
      ),
    );
  },
  { name: 'envelope' },
);
