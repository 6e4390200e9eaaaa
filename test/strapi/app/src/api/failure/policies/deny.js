// Test-only: a policy that refuses every request by returning false.
module.exports = () => false;
