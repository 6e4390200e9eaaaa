/**
 * Budget 9 asks two things of quick info on a populated result: that it show the result's fields
 * (nested populated relations included) and that it come as fast as strapi-typed-client's, whose
 * quick info shows an alias holding the query (`Record0000GetPayload<{ populate: ... }>`) and no
 * field. This reference tells what the first costs the second on the peer's own design: its
 * generated types, unchanged but for each payload written out as one object type, so its quick
 * info shows the fields as ours does while every check and every lookup stays its own.
 *
 * Two edits, by position, to its types file:
 * - the body of every `<Name>GetPayload<P>` alias (the entry and what `populate` adds) becomes
 *   `_Plain<body>`;
 * - in `_ApplyFields` (a relation narrowed by `fields`), the `Pick<...> & Omit<...>` it answers
 *   becomes `_Plain<...>` too;
 * and `_Plain<T> = { [K in keyof T]: T[K] } & {}` (the form ours uses) is declared at the end.
 */
import ts from 'typescript';

const PLAIN = '_Plain';
const PLAIN_DECLARATION = `\ntype ${PLAIN}<T> = { [K in keyof T]: T[K] } & {};\n`;

/** The branch of `_ApplyFields` that narrows a relation by `fields`: its second conditional's true branch. */
function narrowedBranch(alias: ts.TypeAliasDeclaration): ts.TypeNode {
  const outer = alias.type;
  const inner = ts.isConditionalTypeNode(outer) ? outer.falseType : undefined;
  if (!inner || !ts.isConditionalTypeNode(inner) || !ts.isIntersectionTypeNode(inner.trueType))
    throw new Error(
      "strapi-typed-client's _ApplyFields is not `A extends true ? B : A extends { fields } ? X & Y : B`",
    );
  return inner.trueType;
}

/**
 * strapi-typed-client's generated types file (`types.d.ts` or `types.ts`) with its results written
 * out as plain object types. Throws when the file is not shaped as this reference expects, so a
 * new version of the peer cannot turn it into a measure of something else.
 */
export function peerWithFields(text: string): string {
  const source = ts.createSourceFile('types.d.ts', text, ts.ScriptTarget.Latest, true);
  const aliases = source.statements.filter(ts.isTypeAliasDeclaration);
  const payloads = aliases
    .filter((alias) => alias.name.text.endsWith('GetPayload'))
    .map((alias) => alias.type);
  const applyFields = aliases.find((alias) => alias.name.text === '_ApplyFields');
  if (payloads.length === 0 || !applyFields)
    throw new Error("strapi-typed-client's types file has no <Name>GetPayload aliases or no _ApplyFields");
  let out = text;
  // From the end of the file backwards, so each edit leaves the positions of the others valid.
  const wrapped = [...payloads, narrowedBranch(applyFields)].sort(
    (a, b) => b.getStart(source) - a.getStart(source),
  );
  for (const node of wrapped) {
    const start = node.getStart(source);
    const end = node.getEnd();
    out = `${out.slice(0, start)}${PLAIN}<${out.slice(start, end)}>${out.slice(end)}`;
  }
  return `${out}${PLAIN_DECLARATION}`;
}
