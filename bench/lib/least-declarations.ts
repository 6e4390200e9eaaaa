/**
 * The floor of budget 9 at N=1000: our generated types file cut down to what a typed query
 * result needs and nothing else, to tell what the budget leaves for the rest. Kept: each content
 * type's and component's entry interface, its populatable interface, its populate interface
 * (what `populate` is checked against) and its dynamic-zone unions, and the registry with `entry`,
 * `populatable`, `populate`, `kind`, `links` and `scalars` (what `populate`, `fields` and `sort`
 * and the result types read). Dropped: the input, draft and filters
 * declarations (their registry slots become `{}`, so writes and filters go untyped) and every
 * comment. The client, runtime and routes files stay as generated.
 */
import ts from 'typescript';
import { printBare } from './bare.ts';

/** The declarations the floor leaves out, by the suffix the generator gives their names. */
const DROPPED = /(?:Input|Draft|DraftPopulatable|Filters)$/;
/** Registry slots that point at dropped declarations: typed `{}` (input, filters) or left out (drafts). */
const EMPTIED = new Set(['input', 'filters']);
const REMOVED = new Set(['draftEntry', 'draftPopulatable', 'draftInput']);

function memberName(member: ts.TypeElement): string | undefined {
  const name = member.name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

/** `member` (a property) with its type replaced by `type`. */
function retyped(member: ts.PropertySignature, type: ts.TypeNode): ts.PropertySignature {
  return ts.factory.updatePropertySignature(
    member,
    member.modifiers,
    member.name,
    member.questionToken,
    type,
  );
}

/** `member`, when a property whose type is an object literal, with that literal's members mapped by `map`. */
function mapLiteral(
  member: ts.TypeElement,
  map: (inner: ts.TypeElement) => ts.TypeElement[],
): ts.TypeElement {
  if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeLiteralNode(member.type)) return member;
  return retyped(member, ts.factory.createTypeLiteralNode(member.type.members.flatMap(map)));
}

/** A slot of a registry model (`entry: ...`, `input: ...`): kept, emptied or removed. */
function leanSlot(slot: ts.TypeElement): ts.TypeElement[] {
  const name = memberName(slot);
  if (name !== undefined && REMOVED.has(name)) return [];
  if (name !== undefined && EMPTIED.has(name) && ts.isPropertySignature(slot))
    return [retyped(slot, ts.factory.createTypeLiteralNode([]))];
  return [slot];
}

/** `CmsSchemaTypes` with each model of `contentTypes` and `components` made lean. */
function leanRegistry(registry: ts.InterfaceDeclaration): ts.InterfaceDeclaration {
  const members = registry.members.map((group) =>
    mapLiteral(group, (model) => [mapLiteral(model, leanSlot)]),
  );
  return ts.factory.updateInterfaceDeclaration(
    registry,
    registry.modifiers,
    registry.name,
    registry.typeParameters,
    registry.heritageClauses,
    members,
  );
}

/** `types.d.ts` (or `types.ts`) as generated, cut down to the floor, without comments. */
export function leastDeclarations(text: string): string {
  const source = ts.createSourceFile('types.d.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const statements = source.statements.flatMap((statement): ts.Statement[] => {
    if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      DROPPED.test(statement.name.text)
    )
      return [];
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === 'CmsSchemaTypes')
      return [leanRegistry(statement)];
    return [statement];
  });
  return printBare(ts.factory.updateSourceFile(source, statements));
}
