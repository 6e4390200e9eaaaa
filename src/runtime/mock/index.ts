/**
 * The mocks' runtime: what the generated `mocks` file imports (never the core, which loads none
 * of it). A module of its own in the output's `runtime/` folder (`runtime/mock.js`): src/runtime/mock, bundled.
 */
export { mocksOf } from './factories.ts';
export { mockStrapiOf } from './strapi.ts';
