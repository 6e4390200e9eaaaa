/**
 * The floor of budget 9 at N=1000: our generated types file cut down to what a typed query
 * result needs and nothing else, to tell what the budget leaves for the rest. Kept: each content
 * type's and component's entry interface, its populatable interface, its populate interface
 * (what `populate` is checked against) and its dynamic-zone unions, and the registry: each
 * model interface (`ArticleModel`) with `entry`, `populatable`, `populate`, `kind`, `links` and
 * `scalars` (what `populate`, `fields` and `sort` and the result types read), and
 * `CmsSchemaTypes`. Dropped: the input, draft and filters declarations (their slots in the model
 * interfaces become `{}`, so writes and filters go untyped) and every comment. The client,
 * runtime and routes files stay as generated.
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

/** A slot of a registry model (`entry: ...`, `input: ...`): kept, emptied or removed. */
function leanSlot(slot: ts.TypeElement): ts.TypeElement[] {
  const name = memberName(slot);
  if (name !== undefined && REMOVED.has(name)) return [];
  if (name !== undefined && EMPTIED.has(name) && ts.isPropertySignature(slot))
    return [retyped(slot, ts.factory.createTypeLiteralNode([]))];
  return [slot];
}

/** The model interfaces `CmsSchemaTypes` names, one per content type and component (`ArticleModel`). */
function modelNames(registry: ts.InterfaceDeclaration): Set<string> {
  const names = new Set<string>();
  for (const group of registry.members)
    if (ts.isPropertySignature(group) && group.type && ts.isTypeLiteralNode(group.type))
      for (const model of group.type.members)
        if (ts.isPropertySignature(model) && model.type && ts.isTypeReferenceNode(model.type))
          names.add(model.type.typeName.getText());
  return names;
}

/** A model interface with its slots made lean. */
function leanModel(model: ts.InterfaceDeclaration): ts.InterfaceDeclaration {
  return ts.factory.updateInterfaceDeclaration(
    model,
    model.modifiers,
    model.name,
    model.typeParameters,
    model.heritageClauses,
    model.members.flatMap(leanSlot),
  );
}

/** `types.d.ts` (or `types.ts`) as generated, cut down to the floor, without comments. */
export function leastDeclarations(text: string): string {
  const source = ts.createSourceFile('types.d.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const registry = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'CmsSchemaTypes',
  );
  if (registry === undefined) throw new Error('least declarations: the types file has no CmsSchemaTypes');
  const models = modelNames(registry);
  const statements = source.statements.flatMap((statement): ts.Statement[] => {
    if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      DROPPED.test(statement.name.text)
    )
      return [];
    if (ts.isInterfaceDeclaration(statement) && models.has(statement.name.text))
      return [leanModel(statement)];
    return [statement];
  });
  return printBare(ts.factory.updateSourceFile(source, statements));
}
