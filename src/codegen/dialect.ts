/**
 * The three dialects a generated file is written in: `ts` (`--format ts`: code with its types),
 * `js` (code only) and `dts` (the declarations beside the `js`). An emitter writes through one
 * of them instead of asking at each type whether to print it.
 */

/** A parameter of a generated function: its name and its type. */
export interface Parameter {
  name: string;
  type: string;
}

export interface Dialect {
  readonly name: 'ts' | 'js' | 'dts';
  /** Whether the dialect writes code (`ts`, `js`); `dts` only declares. */
  readonly code: boolean;
  /** Whether the dialect writes types (`ts`, `dts`): type declarations, type imports. */
  readonly types: boolean;
  /** `: type` after a name where the dialect types code (`ts`), else nothing. */
  annotation(type: string): string;
  /** `<types>` after a called name where the dialect types code (`ts`), else nothing. */
  typeArguments(types: string): string;
  /** `export const name = value;`, typed where a `ts` type says more than its value; declared in `dts`. */
  exportConstant(name: string, type: string, value: string): string;
  /**
   * An exported function: with `body` (its statements, indented) in code, typed in `ts`; its
   * declaration in `dts`. `typeParameters` (`St extends …`) go between angle brackets after the
   * name where the dialect writes types. A parameter named `options?` is optional.
   */
  exportFunction(
    name: string,
    parameters: Parameter[],
    result: string,
    body: string,
    typeParameters?: string,
  ): string;
}

/** `name: type, …` where typed; names only (an optional one's `?` dropped) where not. */
const parameterList = (parameters: Parameter[], typed: boolean) =>
  parameters.map(({ name, type }) => (typed ? `${name}: ${type}` : name.replace(/\?$/, ''))).join(', ');

export const TS: Dialect = {
  name: 'ts',
  code: true,
  types: true,
  annotation: (type) => `: ${type}`,
  typeArguments: (types) => `<${types}>`,
  exportConstant: (name, type, value) =>
    type === value ? `export const ${name} = ${value};` : `export const ${name}: ${type} = ${value};`,
  exportFunction: (name, parameters, result, body, typeParameters) =>
    `export function ${name}${typeParameters ? `<${typeParameters}>` : ''}(${parameterList(parameters, true)}): ${result} {\n${body}}\n`,
};

export const JS: Dialect = {
  name: 'js',
  code: true,
  types: false,
  annotation: () => '',
  typeArguments: () => '',
  exportConstant: (name, _type, value) => `export const ${name} = ${value};`,
  exportFunction: (name, parameters, _result, body) =>
    `export function ${name}(${parameterList(parameters, false)}) {\n${body}}\n`,
};

export const DTS: Dialect = {
  name: 'dts',
  code: false,
  types: true,
  annotation: (type) => `: ${type}`,
  typeArguments: (types) => `<${types}>`,
  exportConstant: (name, type) => `export declare const ${name}: ${type};`,
  exportFunction: (name, parameters, result, _body, typeParameters) =>
    `export declare function ${name}${typeParameters ? `<${typeParameters}>` : ''}(${parameterList(parameters, true)}): ${result};\n`,
};
