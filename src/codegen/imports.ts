/**
 * The import collector of a generated file: each emitter records the runtime and registry names
 * it writes (`imports.value('CmsClientCore')` returns the name it records), and the file's import
 * lines are printed from what was recorded. Nothing reads the generated text back. A collector
 * of an untyped file (`js`) prints only the values: its emitters may name types freely.
 */
import { type ImportExtension, moduleSpecifier } from './specifiers.ts';

export class Imports {
  private readonly values = new Set<string>();
  private readonly types = new Set<string>();
  private readonly registry = new Set<string>();

  private readonly typed: boolean;
  private readonly base: string;
  private readonly extension: ImportExtension;

  /**
   * @param typed whether the file has types (`ts`, `d.ts`)
   * @param extension the extension of the specifiers (specifiers.ts)
   * @param base the way from the file to the output's top (`./`, `../` from `client/`)
   */
  constructor(typed = true, extension: ImportExtension = 'js', base = './') {
    this.typed = typed;
    this.extension = extension;
    this.base = base;
  }

  /** A value of the runtime module. */
  value(name: string): string {
    this.values.add(name);
    return name;
  }

  /** A type of the runtime module. */
  type(name: string): string {
    this.types.add(name);
    return name;
  }

  /** A type of the types file (`./types.js`): the registry, the event union, an entry or alias. */
  registryType(name: string): string {
    this.registry.add(name);
    return name;
  }

  /**
   * The import lines: the runtime's names sorted (types as `type X`, a name that is both a value
   * and a type imported once, as the value), then the types file's in `registryOrder`. Only what
   * was recorded: an unused import is a lint error in the consumer's project.
   */
  lines(registryOrder: readonly string[]): string[] {
    const types = this.typed ? [...this.types].filter((name) => !this.values.has(name)) : [];
    const names = [...this.values, ...types.map((name) => `type ${name}`)].sort((a, b) =>
      a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')),
    );
    const lines: string[] = [];
    const from = (module: string) => `'${moduleSpecifier(module, this.extension, this.base)}'`;
    if (names.length > 0) {
      const keyword = this.values.size === 0 ? 'import type' : 'import';
      const listed = this.values.size === 0 ? names.map((name) => name.replace(/^type /, '')) : names;
      lines.push(`${keyword} { ${listed.join(', ')} } from ${from('runtime/index')};`);
    }
    const registry = this.typed ? registryOrder.filter((name) => this.registry.has(name)) : [];
    if (registry.length > 0) lines.push(`import type { ${registry.join(', ')} } from ${from('types')};`);
    return lines;
  }
}
