// Test-only: lets the suite see the server's open sockets, timers, watch streams and memory, and what
// Strapi parsed out of a request (query string and headers).
module.exports = {
  routes: [
    {
      method: 'GET',
      path: '/probe/resources',
      handler: 'api::probe.probe.resources',
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/probe/memory',
      handler: 'api::probe.probe.memory',
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/probe/routes',
      handler: 'api::probe.probe.routes',
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/probe/echo',
      handler: 'api::probe.probe.echo',
      config: { auth: false },
    },
  ],
};
