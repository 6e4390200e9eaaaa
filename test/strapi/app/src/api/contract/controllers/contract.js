module.exports = ({ strapi }) => ({
  tree(ctx) {
    const mode = ctx.query.mode === 'nested' ? 'nested' : 'flat';
    ctx.body = {
      root: { label: ctx.params.slug, children: [{ label: 'child', children: [] }] },
      mode,
      generatedAt: null,
    };
  },
  order(ctx) {
    const body = ctx.request.body ?? {};
    ctx.body = { id: 1, status: 'new', address: body.address, labels: { source: 'test' }, total: null };
  },
  async featuredTag(ctx) {
    const tag = await strapi.documents('api::tag.tag').findFirst({});
    // As the REST API answers: the document service also returns `locale: null` on a type
    // without i18n, which Strapi's own controllers leave out.
    ctx.body = {
      data: tag
        ? {
            id: tag.id,
            documentId: tag.documentId,
            name: tag.name,
            createdAt: tag.createdAt,
            updatedAt: tag.updatedAt,
            publishedAt: tag.publishedAt,
          }
        : null,
    };
  },
  variant(ctx) {
    ctx.body = { value: process.env.CTC_CONTRACT_VARIANT === 'number' ? 1 : 'one' };
  },
  unconvertible(ctx) {
    ctx.body = { big: '1' };
  },
});
