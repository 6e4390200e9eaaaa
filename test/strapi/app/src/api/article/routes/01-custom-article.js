// Loaded before article.js (routers load in file-name order), so /articles/popular is not
// taken by the core findOne route /articles/:id.
module.exports = {
  routes: [
    {
      method: 'GET',
      path: '/articles/popular',
      handler: 'api::article.article.popular',
      config: { auth: false },
    },
    { method: 'POST', path: '/articles/:id/like', handler: 'api::article.article.like' },
  ],
};
