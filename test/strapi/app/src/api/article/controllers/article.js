const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::article.article', ({ strapi }) => ({
  async popular(ctx) {
    const limit = Math.min(Number(ctx.query.limit) || 3, 20);
    const data = await strapi
      .documents('api::article.article')
      .findMany({ sort: 'views:desc', limit, status: 'published' });
    ctx.body = { data };
  },
  async like(ctx) {
    const { id } = ctx.params;
    const entry = await strapi.documents('api::article.article').findOne({ documentId: id });
    if (!entry) return ctx.notFound('Article not found');
    const updated = await strapi
      .documents('api::article.article')
      .update({ documentId: id, data: { views: (entry.views ?? 0) + 1 } });
    ctx.body = { data: { documentId: updated.documentId, views: updated.views } };
  },
}));
