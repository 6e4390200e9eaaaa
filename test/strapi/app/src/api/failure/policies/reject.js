// Test-only: a policy that refuses with its own message and details.
const { errors } = require('@strapi/utils');

module.exports = () => {
  throw new errors.PolicyError('Editing is closed on weekends', {
    policy: 'reject',
    message: 'closed until Monday',
  });
};
