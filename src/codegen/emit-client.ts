/**
 * The `client` and `index` files: the runtime copied in whole, then the thin per-schema part
 * (constants and the CmsClient class with one property per api:: content type).
 */
import type { CodegenModel, ContentTypeModel } from './model.ts';
import { jsdocText } from './names.ts';
import type { RuntimeAssets } from './runtime-assets.ts';

export interface ClientInfo {
  version: string;
  hash: string;
  authMode: 'legacy' | 'refresh';
}

/** Names the client file takes from the types file (the runtime's `envelope.ts`). */
const FROM_TYPES = ['CmsResponse'];

function apiTypes(model: CodegenModel): ContentTypeModel[] {
  return model.contentTypes.filter((type) => type.clientProperty !== null);
}

function typeImports(model: CodegenModel): string {
  const names = new Set(FROM_TYPES);
  for (const type of apiTypes(model)) {
    names.add(type.names.entry);
    names.add(type.names.input);
  }
  return `import type { ${[...names].sort().join(', ')} } from './types.js';\n`;
}

function propertyType(type: ContentTypeModel): string {
  const api = type.kind === 'singleType' ? 'SingleApi' : 'CollectionApi';
  return `${api}<${type.names.entry}, ${type.names.input}>`;
}

function propertyDoc(type: ContentTypeModel): string {
  const path = type.kind === 'singleType' ? type.singularName : type.pluralName;
  const kind = type.kind === 'singleType' ? 'Single type' : 'Collection type';
  return `  /** ${kind} ${jsdocText(type.displayName)} (\`${jsdocText(type.uid)}\`) at \`/api/${jsdocText(path)}\`. */\n`;
}

type ConstantsStyle = 'ts' | 'js' | 'dts';

function constants(info: ClientInfo, style: ConstantsStyle): string {
  const constant = (doc: string, name: string, type: string, value: string) => {
    const line =
      style === 'dts'
        ? `export declare const ${name}: ${type};`
        : `export const ${name}${style === 'ts' ? `: ${type}` : ''} = ${value};`;
    return `/** ${doc} */\n${line}`;
  };
  const version = JSON.stringify(info.version);
  const hash = JSON.stringify(info.hash);
  return [
    constant(
      'The cms-typed-client version that generated this client.',
      'CMS_TYPES_VERSION',
      version,
      version,
    ),
    constant('SHA-256 hash of the schema this client was generated from.', 'SCHEMA_HASH', hash, hash),
    constant(
      "The server's users-permissions mode at generation (`refresh` means sessions); `authMode` overrides it.",
      'AUTH_MODE',
      "'legacy' | 'refresh'",
      JSON.stringify(info.authMode),
    ),
    '',
  ].join('\n');
}

const CLASS_DOC = [
  '/**',
  ' * Typed client for this Strapi schema.',
  ' * @example const cms = new CmsClient({ baseURL: "http://localhost:1337", token: process.env.CMS_TOKEN });',
  ' */',
].join('\n');

function classSource(model: CodegenModel, typed: boolean): string {
  const lines = [`${CLASS_DOC}\nexport class CmsClient extends CmsClientCore {`];
  if (typed) {
    for (const type of apiTypes(model))
      lines.push(`${propertyDoc(type)}  readonly ${type.clientProperty}: ${propertyType(type)};`);
  }
  lines.push(`  constructor(config${typed ? ': CmsClientConfig' : ''}) {`, '    super(config);');
  for (const type of apiTypes(model)) {
    const path = JSON.stringify(type.kind === 'singleType' ? type.singularName : type.pluralName);
    const factory = type.kind === 'singleType' ? 'singleApi' : 'collectionApi';
    lines.push(
      `    this.${type.clientProperty} = ${factory}${typed ? `<${type.names.entry}, ${type.names.input}>` : ''}(this, ${path});`,
    );
  }
  lines.push('  }', '}', '');
  return lines.join('\n');
}

function classDeclaration(model: CodegenModel): string {
  const lines = [`${CLASS_DOC}\nexport declare class CmsClient extends CmsClientCore {`];
  for (const type of apiTypes(model))
    lines.push(`${propertyDoc(type)}  readonly ${type.clientProperty}: ${propertyType(type)};`);
  lines.push('  constructor(config: CmsClientConfig);', '}', '');
  return lines.join('\n');
}

export function emitClientTs(model: CodegenModel, runtime: RuntimeAssets, info: ClientInfo): string {
  return `${typeImports(model)}\n${runtime.ts}\n\n${constants(info, 'ts')}\n${classSource(model, true)}`;
}

export function emitClientJs(model: CodegenModel, runtime: RuntimeAssets, info: ClientInfo): string {
  return `${runtime.js}\n${constants(info, 'js')}\n${classSource(model, false)}`;
}

export function emitClientDts(model: CodegenModel, runtime: RuntimeAssets, info: ClientInfo): string {
  return `${typeImports(model)}\n${runtime.dts}\n${constants(info, 'dts')}\n${classDeclaration(model)}`;
}

export const INDEX_TS = "export type * from './types.js';\nexport * from './client.js';\n";
export const INDEX_JS = "export * from './client.js';\n";
