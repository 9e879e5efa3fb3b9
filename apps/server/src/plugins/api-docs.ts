import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { WEB_VERSION } from '@vitrin/contracts';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contracts: `/api/docs` (browsable) and `/api/docs/openapi.json`. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Vitrin API',
          description:
            'All calls are POST with a JSON body; answers are `{ ok, data, message }` or `{ ok: false, error }` (API.md).',
          version: WEB_VERSION,
        },
        servers: [{ url: app.config.publicUrl }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Its own policy lets a page of the same origin frame the docs; ours lets no page.
      transformStaticCSP: (policy) =>
        policy.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
      uiConfig: { docExpansion: 'list', deepLinking: false },
    });
    app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'api-docs', dependencies: ['config'] },
);
