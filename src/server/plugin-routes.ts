/**
 * Content-API routes, mounted by Strapi at `/api/cms-typed-client/...`. Strapi's own auth is
 * off for them (`auth: false`): the controller applies `requireAuth` with the API-token check.
 */
const route = (path: string, handler: string) => ({
  method: 'GET' as const,
  path,
  handler: `schema.${handler}`,
  config: { auth: false as const, policies: [] as string[] },
});

export default {
  'content-api': {
    type: 'content-api' as const,
    routes: [
      route('/schema', 'schema'),
      route('/schema-hash', 'schemaHash'),
      route('/schema-watch', 'schemaWatch'),
    ],
  },
};
