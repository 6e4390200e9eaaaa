/**
 * `handleCmsWebhook` of the client file: the runtime's check with this schema's table (each
 * uid: the path its tags are keyed on, then its referrers' paths; referrers.ts) and, where the
 * dialect has types, its event union.
 */
import type { Dialect } from './dialect.ts';
import { stringLiteral } from './identifiers.ts';
import type { Imports } from './imports.ts';
import type { CodegenModel } from './model.ts';
import { webhookTable } from './referrers.ts';

const WEBHOOK_DOC = [
  '/**',
  ' * Checks a Strapi webhook delivery and parses it: a POST carrying the secret (`Authorization: Bearer <secret>`,',
  ' * or the whole value of `options.header`), compared in constant time, with a JSON body of an event of this',
  ' * schema. Returns the typed event and the cache tags it makes stale (for `revalidateTag`); throws a',
  ' * `CmsWebhookError` whose `status` is the one to answer with otherwise.',
  ' */',
].join('\n');

/**
 * The table's entries, by uid, inside the function (an app that does not call it does not
 * bundle it): the path the type's tags are keyed on, and its referrers' paths. A list of
 * referrers that several entries share is written once, as a constant they name: in a schema
 * whose types all reach each other, the table stays linear in the number of types.
 */
function webhookBody(model: CodegenModel, dialect: Dialect, imports: Imports): string {
  const rows = webhookTable(model);
  // Rows of one strongly connected component share their list: each is written out once.
  const literals = new Map<readonly string[], string>();
  const literal = (paths: readonly string[]) => {
    const known = literals.get(paths);
    if (known !== undefined) return known;
    const text = paths.map(stringLiteral).join(', ');
    literals.set(paths, text);
    return text;
  };
  const uses = new Map<string, number>();
  for (const { referrers } of rows)
    if (referrers.length > 1) uses.set(literal(referrers), (uses.get(literal(referrers)) ?? 0) + 1);
  const shared = new Map<string, string>();
  for (const [list, count] of uses) if (count > 1) shared.set(list, `referrers${shared.size + 1}`);
  const constants = [...shared].map(([list, name]) => `  const ${name} = [${list}];\n`).join('');
  const entries = rows
    .map(({ uid, path, referrers }) => {
      const name = shared.get(literal(referrers));
      const list = name ?? (referrers.length > 0 ? `[${literal(referrers)}]` : undefined);
      const rest = list === undefined ? '' : `, referrers: ${list}`;
      return `    ${stringLiteral(uid)}: { path: ${stringLiteral(path)}${rest} },\n`;
    })
    .join('');
  const check = `${imports.value('checkWebhook')}${dialect.typeArguments(imports.registryType('CmsWebhookEvent'))}`;
  return `${constants}  return ${check}(request, options, {\n${entries}  });\n`;
}

/** `handleCmsWebhook(request, options)`: its declaration, or the function with its table. */
export function webhookFunction(model: CodegenModel, dialect: Dialect, imports: Imports): string {
  const parameters = [
    { name: 'request', type: 'Request' },
    { name: 'options', type: imports.type('WebhookOptions') },
  ];
  const result = `Promise<${imports.type('WebhookResult')}<${imports.registryType('CmsWebhookEvent')}>>`;
  const body = dialect.code ? webhookBody(model, dialect, imports) : '';
  return `${WEBHOOK_DOC}\n${dialect.exportFunction('handleCmsWebhook', parameters, result, body)}`;
}
