/**
 * Checks a JSON value against a TypeScript type the compiler resolved: walks the declared type
 * (objects with required and optional properties, index signatures, unions, intersections,
 * literals, primitives, null, arrays, tuples, recursive aliases such as `JsonValue`) alongside
 * the value, and reports every place they disagree with its path (`$[0].author.name`).
 * Properties the value has and the type lacks are mismatches too.
 */
import ts from 'typescript';

/** One disagreement between a value and its type. */
export interface Mismatch {
  /** Where in the value, e.g. `$[2].sections[0].heading`. */
  path: string;
  /** What the type wanted and what the value held. */
  message: string;
}

const PRIMITIVE_FLAGS = {
  string: ts.TypeFlags.String | ts.TypeFlags.StringLiteral | ts.TypeFlags.TemplateLiteral,
  number: ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral,
  boolean: ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral,
};

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function keyPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Walks `type` and `value` together; see the module comment. */
export class TypeWalker {
  readonly #checker: ts.TypeChecker;

  constructor(checker: ts.TypeChecker) {
    this.#checker = checker;
  }

  /** Every mismatch between `value` and `type`; empty when the value fits. */
  check(type: ts.Type, value: unknown, path = '$'): Mismatch[] {
    const flags = type.flags;
    const name = () => this.#checker.typeToString(type);
    const fail = (message = `expected ${name()}, got ${describe(value)}`): Mismatch[] => [{ path, message }];

    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return [];
    if (flags & ts.TypeFlags.Never) return fail(`expected nothing (never), got ${describe(value)}`);
    if (type.isUnion()) return this.#union(type, value, path);
    if (flags & ts.TypeFlags.Null) return value === null ? [] : fail();
    if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return value === undefined ? [] : fail();
    if (type.isStringLiteral() || type.isNumberLiteral()) return value === type.value ? [] : fail();
    if (flags & ts.TypeFlags.BooleanLiteral) {
      const literal = (type as ts.Type & { intrinsicName?: string }).intrinsicName === 'true';
      return value === literal ? [] : fail();
    }
    if (flags & PRIMITIVE_FLAGS.string) return typeof value === 'string' ? [] : fail();
    if (flags & PRIMITIVE_FLAGS.number) return typeof value === 'number' ? [] : fail();
    if (flags & PRIMITIVE_FLAGS.boolean) return typeof value === 'boolean' ? [] : fail();
    if (flags & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral | ts.TypeFlags.ESSymbolLike))
      return fail(`expected ${name()}, which JSON cannot hold; got ${describe(value)}`);
    if (type.isIntersection() && !type.types.every((member) => this.#isObjectLike(member))) {
      return type.types.flatMap((member) => this.check(member, value, path));
    }
    if (this.#checker.isTupleType(type)) return this.#tuple(type as ts.TypeReference, value, path);
    if (this.#checker.isArrayType(type)) {
      if (!Array.isArray(value)) return fail();
      const [element] = this.#checker.getTypeArguments(type as ts.TypeReference);
      if (element === undefined) return [];
      return value.flatMap((item, index) => this.check(element, item, `${path}[${index}]`));
    }
    if (this.#isObjectLike(type)) return this.#object(type, value, path);
    return fail(`a type this walker does not know (${name()}, flags ${flags}); got ${describe(value)}`);
  }

  #isObjectLike(type: ts.Type): boolean {
    if (type.flags & (ts.TypeFlags.Object | ts.TypeFlags.NonPrimitive)) return true;
    return type.isIntersection() && type.types.every((member) => this.#isObjectLike(member));
  }

  #union(type: ts.UnionType, value: unknown, path: string): Mismatch[] {
    let best: Mismatch[] | undefined;
    for (const member of type.types) {
      const mismatches = this.check(member, value, path);
      if (mismatches.length === 0) return [];
      // The closest member explains the failure best; a member the value's kind misses entirely
      // (a string for an object) reports at this path and loses to one that goes deeper.
      const deep = mismatches.some((mismatch) => mismatch.path !== path);
      const bestDeep = best?.some((mismatch) => mismatch.path !== path) ?? false;
      if (best === undefined || (deep && !bestDeep) || (deep === bestDeep && mismatches.length < best.length))
        best = mismatches;
    }
    const expected = `expected ${this.#checker.typeToString(type)}, got ${describe(value)}`;
    if (best === undefined || best.every((mismatch) => mismatch.path === path))
      return [{ path, message: expected }];
    return best;
  }

  #tuple(type: ts.TypeReference, value: unknown, path: string): Mismatch[] {
    const elements = this.#checker.getTypeArguments(type);
    if (!Array.isArray(value) || value.length !== elements.length)
      return [{ path, message: `expected ${this.#checker.typeToString(type)}, got ${describe(value)}` }];
    return elements.flatMap((element, index) => this.check(element, value[index], `${path}[${index}]`));
  }

  #object(type: ts.Type, value: unknown, path: string): Mismatch[] {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return [{ path, message: `expected ${this.#checker.typeToString(type)}, got ${describe(value)}` }];
    }
    if (type.flags & ts.TypeFlags.NonPrimitive) return [];
    if (this.#checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0)
      return [{ path, message: `expected a function (${this.#checker.typeToString(type)}), got an object` }];
    const record = value as Record<string, unknown>;
    const mismatches: Mismatch[] = [];
    const declared = new Set<string>();
    for (const property of this.#checker.getPropertiesOfType(type)) {
      const key = property.getName();
      declared.add(key);
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      const at = keyPath(path, key);
      if (!Object.hasOwn(record, key)) {
        if (!optional) mismatches.push({ path: at, message: 'required property is missing' });
        continue;
      }
      // An optional property's `undefined` (without exactOptionalPropertyTypes) never fits a
      // present JSON value, so the union's other members decide.
      mismatches.push(...this.check(this.#checker.getTypeOfSymbol(property), record[key], at));
    }
    const index = this.#checker
      .getIndexInfosOfType(type)
      .find((info) => info.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
    for (const [key, item] of Object.entries(record)) {
      if (declared.has(key)) continue;
      const at = keyPath(path, key);
      if (index === undefined)
        mismatches.push({
          path: at,
          message: `property not in ${this.#checker.typeToString(type)}: ${describe(item)}`,
        });
      else mismatches.push(...this.check(index.type, item, at));
    }
    return mismatches;
  }
}
