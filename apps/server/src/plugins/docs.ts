import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE, CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** OpenAPI from the route schemas; must load before the routes so it sees them all. */
export const docsPlugin = fp(
  async (app: FastifyInstance, options: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'RoomPilot API',
          version: options.version,
          description: `Every answer is \`{code, message, data}\`; code 0 is success. Sign in with \`POST ${API_BASE}${CALLS.auth.calls.login.path}\` and send the token as \`Authorization: Bearer <token>\`.`,
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
    });
  },
  { name: 'docs' },
);

/** The browsable page at /apis/docs and the document at /apis/docs/json: public. */
export async function docsUiPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public', write: false };
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs` });
}
