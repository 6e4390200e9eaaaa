module.exports = ({ strapi }) => ({
  resources(ctx) {
    const counts = {};
    for (const name of process.getActiveResourcesInfo()) counts[name] = (counts[name] ?? 0) + 1;
    const status = strapi.plugin('cms-typed-client')?.service('status');
    ctx.body = { resources: counts, plugin: status ? status.get() : null, rss: process.memoryUsage().rss };
  },
  // Memory after a full garbage collection (when Strapi runs with --expose-gc), in bytes.
  memory(ctx) {
    if (typeof global.gc === 'function') {
      global.gc();
      global.gc();
    }
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    ctx.body = { collected: typeof global.gc === 'function', rss, heapUsed, external, arrayBuffers };
  },
  // Strapi's own list of content-API routes (what its permissions page reads), without schemas.
  async routes(ctx) {
    ctx.body = await strapi.contentAPI.getRoutesMap();
  },
  // The query object exactly as Strapi's query middleware parsed it, and the request headers.
  echo(ctx) {
    ctx.body = { query: ctx.query, headers: ctx.request.headers };
  },
});
