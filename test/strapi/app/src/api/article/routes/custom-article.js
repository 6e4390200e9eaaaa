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
