module.exports = ({ strapi }) => ({
  resources(ctx) {
    const counts = {};
    for (const name of process.getActiveResourcesInfo()) counts[name] = (counts[name] ?? 0) + 1;
    const status = strapi.plugin('cms-typed-client')?.service('status');
    ctx.body = { resources: counts, plugin: status ? status.get() : null, rss: process.memoryUsage().rss };
  },
  // The query object exactly as Strapi's query middleware parsed it, and the request headers.
  echo(ctx) {
    ctx.body = { query: ctx.query, headers: ctx.request.headers };
  },
});
