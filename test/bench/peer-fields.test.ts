/**
 * The editor benchmark's reference for what showing a result's fields costs the peer
 * (bench/lib/peer-fields.ts), checked on strapi-typed-client's real output for the synthetic
 * schema at N=5: its results type exactly as the peer's do, and quick info shows their fields,
 * nested populated relations included, where the peer's shows its alias.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { generatePeer } from '../../bench/lib/generators.ts';
import { peerWithFields } from '../../bench/lib/peer-fields.ts';
import { populate } from '../../bench/lib/queries.ts';
import { collectionNames, syntheticPayload } from '../../bench/lib/synthetic.ts';

const { plural } = collectionNames(0);
const CONSUMER = `import { StrapiClient as Peer } from './peer/index.js';
import { StrapiClient as Fields } from './fields/index.js';
const peer = new Peer({ baseURL: 'http://127.0.0.1:1' });
const fields = new Fields({ baseURL: 'http://127.0.0.1:1' });
export const asGenerated = await peer.${plural}.findOne('doc', { populate: ${populate(0)} });
export const written = await fields.${plural}.findOne('doc', { populate: ${populate(0)} });
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const same: Same<typeof asGenerated, typeof written> = true;
export const title: string | undefined = written?.owner?.title;
`;

let dir = '';
let original = '';

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-peer-fields-'));
  await generatePeer(syntheticPayload(5), join(dir, 'peer'), 'js');
  cpSync(join(dir, 'peer'), join(dir, 'fields'), { recursive: true });
  original = readFileSync(join(dir, 'peer', 'types.d.ts'), 'utf8');
  writeFileSync(join(dir, 'fields', 'types.d.ts'), peerWithFields(original));
  writeFileSync(join(dir, 'consumer.ts'), CONSUMER);
});

after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The program of the consumer (strict, skipLibCheck as Next.js sets it): its errors and the printed
 * type of a variable. Built once, on first use, for every test that reads it.
 */
let built: { errors: string[]; printed: (name: string) => string } | undefined;
function program(): { errors: string[]; printed: (name: string) => string } {
  built ??= buildProgram();
  return built;
}

function buildProgram(): { errors: string[]; printed: (name: string) => string } {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  };
  const consumerProgram = ts.createProgram([join(dir, 'consumer.ts')], options);
  const checker = consumerProgram.getTypeChecker();
  const consumer = consumerProgram.getSourceFile(join(dir, 'consumer.ts'));
  assert.ok(consumer);
  const errors = ts
    .getPreEmitDiagnostics(consumerProgram)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  const printed = (name: string) => {
    const statement = consumer.statements.find(
      (node): node is ts.VariableStatement =>
        ts.isVariableStatement(node) && node.declarationList.declarations[0]?.name.getText(consumer) === name,
    );
    const declaration = statement?.declarationList.declarations[0];
    assert.ok(declaration, name);
    return checker.typeToString(
      checker.getTypeAtLocation(declaration.name),
      undefined,
      ts.TypeFormatFlags.NoTruncation,
    );
  };
  return { errors, printed };
}

describe("the editor benchmark's peer-with-fields reference", () => {
  it('wraps every payload alias and the fields narrowing, and declares the plain type once', () => {
    const payloads = original.match(/^export type \w+GetPayload</gm)?.length ?? 0;
    assert.ok(payloads >= 5, `payload aliases: ${payloads}`);
    const written = readFileSync(join(dir, 'fields', 'types.d.ts'), 'utf8');
    assert.equal(written.match(/_Plain</g)?.length, payloads + 2);
    assert.equal(written.match(/^type _Plain<T>/gm)?.length, 1);
  });

  it('types a populated result exactly as the peer does, and compiles under strict', () => {
    const { errors } = program();
    assert.deepEqual(errors, []);
  });

  it("shows the result's fields, nested populated relations included, where the peer shows its alias", () => {
    const { printed } = program();
    const generated = printed('asGenerated');
    const written = printed('written');
    assert.match(generated, /GetPayload</);
    assert.doesNotMatch(written, /GetPayload|_Plain|_ApplyFields/);
    assert.match(written, /documentId: string;/);
    // `owner` was populated with `fields: ['title', 'views']` and a nested populate.
    assert.match(
      written,
      /owner\?: \{ id: number; documentId: string; title: string; views: number \| null; .*\} \| null/,
    );
  });

  it('throws on a types file that is not shaped as the peer writes it', () => {
    assert.throws(() => peerWithFields('export interface Article { id: number }\n'), /GetPayload/);
  });
});
