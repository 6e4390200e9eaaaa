/**
 * The floor of budget 9 at N=1000: our generated types file cut down to what a typed query
 * result needs and nothing else, to tell what the budget leaves for the rest. Kept: each content
 * type's and component's entry interface, its populatable interface and its dynamic-zone unions,
 * and the registry with `entry`, `populatable`, `kind`, `links` and `scalars` (what `populate`,
 * `fields` and `sort` and the result types read). Dropped: the input, draft and filters
 * declarations (their registry slots become `{}`, so writes and filters go untyped) and every
 * comment. The client, runtime and routes files stay as generated.
 */
import ts from 'typescript';

/** The declarations the floor leaves out, by the suffix the generator gives their names. */
const DROPPED = /(?:Input|Draft|DraftPopulatable|Filters)$/;
/** Registry slots that point at dropped declarations: typed `{}` (input, filters) or left out (drafts). */
const EMPTIED = new Set(['input', 'filters']);
const REMOVED = new Set(['draftEntry', 'draftPopulatable', 'draftInput']);

function memberName(member: ts.TypeElement): string | undefined {
  const name = member.name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

/** A registry model (`{ entry: ...; input: ...; }`) with its dropped slots emptied or removed. */
function leanModel(model: ts.TypeLiteralNode): ts.TypeLiteralNode {
  const members = model.members.flatMap((member): ts.TypeElement[] => {
    const name = memberName(member);
    if (name !== undefined && REMOVED.has(name)) return [];
    if (name !== undefined && EMPTIED.has(name) && ts.isPropertySignature(member))
      return [
        ts.factory.updatePropertySignature(
          member,
          member.modifiers,
          member.name,
          member.questionToken,
          ts.factory.createTypeLiteralNode([]),
        ),
      ];
    return [member];
  });
  return ts.factory.updateTypeLiteralNode(model, ts.factory.createNodeArray(members));
}

/** `CmsSchemaTypes` with each model of `contentTypes` and `components` made lean. */
function leanRegistry(registry: ts.InterfaceDeclaration): ts.InterfaceDeclaration {
  const members = registry.members.map((group) => {
    if (!ts.isPropertySignature(group) || !group.type || !ts.isTypeLiteralNode(group.type)) return group;
    const models = group.type.members.map((model) =>
      ts.isPropertySignature(model) && model.type && ts.isTypeLiteralNode(model.type)
        ? ts.factory.updatePropertySignature(
            model,
            model.modifiers,
            model.name,
            model.questionToken,
            leanModel(model.type),
          )
        : model,
    );
    return ts.factory.updatePropertySignature(
      group,
      group.modifiers,
      group.name,
      group.questionToken,
      ts.factory.updateTypeLiteralNode(group.type, ts.factory.createNodeArray(models)),
    );
  });
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
  const printer = ts.createPrinter({ removeComments: true });
  return printer.printFile(ts.factory.updateSourceFile(source, statements));
}
