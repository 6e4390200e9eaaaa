// Custom routes that state their contract with zod (Strapi 5 `request` / `response`), one for
// each construct the plugin converts to JSON Schema. CTC_CONTRACT_VARIANT=number changes one
// response schema, so a test can see the hash follow a route's contract. Strapi versions whose
// @strapi/utils has no zod (before route contracts) serve none of these routes.
const { z } = require('@strapi/utils');

/** A shared, named schema: published once under `definitions`. */
const Address = () =>
  z
    .object({ street: z.string(), city: z.string(), zip: z.string().regex(/^[0-9]{5}$/) })
    .strict()
    .meta({ id: 'ContractAddress' });

/** A recursive schema with no name. */
const Tree = () => {
  const Node = z.object({
    label: z.string(),
    get children() {
      return z.array(Node);
    },
  });
  return Node;
};

const contractRoutes = ({ strapi }) => {
  const address = Address();
  const node = Tree();
  return {
    routes: [
      {
        method: 'GET',
        path: '/contract/tree/:slug',
        handler: 'api::contract.contract.tree',
        config: { auth: false },
        request: {
          params: { slug: z.string().min(1) },
          query: {
            depth: z.coerce.number().int().min(0).optional(),
            mode: z.enum(['flat', 'nested']),
          },
        },
        response: z.object({
          root: node,
          mode: z.enum(['flat', 'nested']),
          generatedAt: z.string().nullable(),
          note: z.string().optional(),
        }),
      },
      {
        method: 'POST',
        path: '/contract/orders',
        handler: 'api::contract.contract.order',
        config: { auth: false },
        request: {
          body: {
            'application/json': z.object({
              kind: z.literal('order'),
              items: z.array(z.object({ sku: z.string(), qty: z.number().int().positive() })),
              payment: z.discriminatedUnion('type', [
                z.object({ type: z.literal('card'), last4: z.string().length(4) }),
                z.object({ type: z.literal('cash') }),
              ]),
              counts: z.record(z.string(), z.number()),
              address,
              note: z.string().optional(),
            }),
          },
        },
        response: z.object({
          id: z.number().int(),
          status: z.enum(['new', 'paid']),
          address,
          labels: z.object({}).catchall(z.string()),
          total: z.union([z.number(), z.null()]),
        }),
      },
      {
        method: 'GET',
        path: '/contract/featured-tag',
        handler: 'api::contract.contract.featuredTag',
        config: { auth: false },
        // The schema Strapi itself keeps for the tag content type: published as { "x-cms-uid": "api::tag.tag" }.
        response: z.object({
          data: z.lazy(() => strapi.contentAPISchemaRegistry.get('ApiTagTagDocument')).nullable(),
        }),
      },
      {
        method: 'GET',
        path: '/contract/variant',
        handler: 'api::contract.contract.variant',
        config: { auth: false },
        response: z.object({
          value: process.env.CTC_CONTRACT_VARIANT === 'number' ? z.number() : z.string(),
        }),
      },
      {
        method: 'GET',
        path: '/contract/unconvertible',
        handler: 'api::contract.contract.unconvertible',
        config: { auth: false },
        // zod cannot write a bigint as JSON Schema: the route is published without a response schema.
        response: z.object({ big: z.bigint() }),
      },
    ],
  };
};

module.exports = z?.toJSONSchema ? contractRoutes : () => ({ routes: [] });
