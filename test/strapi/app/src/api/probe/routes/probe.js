// Test-only: lets the suite see the server's open sockets, timers and watch streams.
module.exports = {
  routes: [
    {
      method: 'GET',
      path: '/probe/resources',
      handler: 'api::probe.probe.resources',
      config: { auth: false },
    },
  ],
};
