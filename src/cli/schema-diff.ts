/**
 * What changed between two schemas, for the summary `generate` and `watch` print: content
 * types, components, fields and routes added or removed; a field's type, `required`, enum
 * values, relation target or cardinality changed. A change that can make code that compiled
 * against the previous output fail to compile against the new one is marked breaking, with the
 * reason, from how the generator types each attribute (src/codegen/emit-entities.ts). Pure.
 */

import { compareCodeUnits } from '../codegen/identifiers.ts';
import type { OutlineAttribute, OutlineRoute, SchemaOutline } from '../schema/outline.ts';

export type ChangeSubject = 'contentType' | 'component' | 'field' | 'route' | 'registerField';

/** What about a field or route changed. */
export type ChangeAspect =
  | 'kind'
  | 'type'
  | 'required'
  | 'enum'
  | 'components'
  | 'target'
  | 'relation'
  | 'handler';

export interface SchemaChange {
  change: 'added' | 'removed' | 'changed';
  subject: ChangeSubject;
  /**
   * The content type or component uid; for fields and routes, the one they belong to (`auth`:
   * users-permissions, whose register fields are the user fields registration accepts).
   */
  owner: string;
  /** The field name, or the route as `METHOD path`; absent for content types and components. */
  name?: string;
  /** For `changed`: what changed, with the values before and after. */
  aspect?: ChangeAspect;
  from?: string;
  to?: string;
  /** For enum values and dynamic-zone components: what came and went. */
  added?: string[];
  removed?: string[];
  breaking: boolean;
  /** Why code may no longer compile; set when breaking. */
  reason?: string;
}

/** Attribute types the generated code gives the same TypeScript type, read and written. */
const SAME_TS_TYPE: Record<string, string> = {
  string: 'string',
  text: 'string',
  richtext: 'string',
  email: 'string',
  uid: 'string',
  password: 'string',
  date: 'string',
  time: 'string',
  datetime: 'string',
  timestamp: 'string',
  integer: 'number',
  float: 'number',
  decimal: 'number',
};

const TO_MANY = new Set(['oneToMany', 'manyToMany', 'manyWay', 'morphToMany', 'morphMany']);

function sortedUnion(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareCodeUnits);
}

/** `component shared.seo[]`, `media[]`, `string`: the attribute's shape, without relation details. */
function shape(attribute: OutlineAttribute): string {
  if (attribute.type === 'component')
    return `component ${attribute.component ?? '?'}${attribute.repeatable === true ? '[]' : ''}`;
  if (attribute.type === 'media') return attribute.multiple === true ? 'media[]' : 'media';
  return attribute.type;
}

function breaking(reason: string): { breaking: true; reason: string } {
  return { breaking: true, reason };
}

/** The changes of one field present on both sides. */
function fieldChanges(
  owner: string,
  name: string,
  before: OutlineAttribute,
  after: OutlineAttribute,
): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const base = { change: 'changed', subject: 'field', owner, name } as const;
  const from = shape(before);
  const to = shape(after);
  if (from !== to) {
    const same =
      SAME_TS_TYPE[before.type] !== undefined && SAME_TS_TYPE[before.type] === SAME_TS_TYPE[after.type];
    changes.push({
      ...base,
      aspect: 'type',
      from,
      to,
      ...(same ? { breaking: false } : breaking('another TypeScript type')),
    });
  }
  if (before.type === 'enumeration' && after.type === 'enumeration') {
    const old = before.enum ?? [];
    const now = after.enum ?? [];
    const removed = old.filter((value) => !now.includes(value));
    const added = now.filter((value) => !old.includes(value));
    if (removed.length > 0 || added.length > 0)
      changes.push({
        ...base,
        aspect: 'enum',
        added,
        removed,
        ...(removed.length > 0 ? breaking('enum value removed') : { breaking: false }),
      });
  }
  if (before.type === 'dynamiczone' && after.type === 'dynamiczone') {
    const old = before.components ?? [];
    const now = after.components ?? [];
    const removed = old.filter((uid) => !now.includes(uid));
    const added = now.filter((uid) => !old.includes(uid));
    if (removed.length > 0 || added.length > 0)
      changes.push({
        ...base,
        aspect: 'components',
        added,
        removed,
        ...(removed.length > 0 ? breaking('component no longer accepted') : { breaking: false }),
      });
  }
  if (before.type === 'relation' && after.type === 'relation') {
    if ((before.target ?? '') !== (after.target ?? ''))
      changes.push({
        ...base,
        aspect: 'target',
        from: before.target ?? '(any)',
        to: after.target ?? '(any)',
        ...breaking('another target'),
      });
    if (before.relation !== after.relation) {
      const plural = TO_MANY.has(before.relation ?? '') !== TO_MANY.has(after.relation ?? '');
      changes.push({
        ...base,
        aspect: 'relation',
        from: before.relation ?? '',
        to: after.relation ?? '',
        ...(plural ? breaking('one entry became a list or a list one entry') : { breaking: false }),
      });
    }
  }
  const wasRequired = before.required === true;
  const isRequired = after.required === true;
  if (wasRequired !== isRequired)
    changes.push({
      ...base,
      aspect: 'required',
      from: String(wasRequired),
      to: String(isRequired),
      ...breaking(isRequired ? 'now required in input' : 'may now be null'),
    });
  return changes;
}

function attributeChanges(
  owner: string,
  before: Record<string, OutlineAttribute>,
  after: Record<string, OutlineAttribute>,
): SchemaChange[] {
  const changes: SchemaChange[] = [];
  for (const name of sortedUnion(before, after)) {
    const old = before[name];
    const now = after[name];
    if (old && now) changes.push(...fieldChanges(owner, name, old, now));
    else if (old) changes.push({ change: 'removed', subject: 'field', owner, name, ...breaking('removed') });
    else if (now)
      changes.push({
        change: 'added',
        subject: 'field',
        owner,
        name,
        to: `${shape(now)}${now.required === true ? ', required' : ''}`,
        ...(now.required === true ? breaking('new required input field') : { breaking: false }),
      });
  }
  return changes;
}

type AnyRoute = Pick<OutlineRoute, 'method' | 'path'> & { handler?: string };

function routeChanges(owner: string, before: AnyRoute[], after: AnyRoute[]): SchemaChange[] {
  const key = (route: AnyRoute) => `${route.method} ${route.path}`;
  const old = new Map(before.map((route) => [key(route), route]));
  const now = new Map(after.map((route) => [key(route), route]));
  const changes: SchemaChange[] = [];
  for (const name of [...new Set([...old.keys(), ...now.keys()])].sort(compareCodeUnits)) {
    const a = old.get(name);
    const b = now.get(name);
    if (a && b) {
      if ((a.handler ?? '') !== (b.handler ?? ''))
        changes.push({
          change: 'changed',
          subject: 'route',
          owner,
          name,
          aspect: 'handler',
          from: a.handler ?? '',
          to: b.handler ?? '',
          ...breaking('the client method is renamed'),
        });
    } else if (a) changes.push({ change: 'removed', subject: 'route', owner, name, ...breaking('removed') });
    else changes.push({ change: 'added', subject: 'route', owner, name, breaking: false });
  }
  return changes;
}

/**
 * The user fields registration accepts, added or removed (`auth.register`'s data): one no longer
 * accepted, or a newly accepted one the user requires, breaks calls that compiled. Nothing when
 * either outline does not say (stored before 0.2).
 */
function registerFieldChanges(before: SchemaOutline, after: SchemaOutline): SchemaChange[] {
  const old = before.auth?.registerFields;
  const now = after.auth?.registerFields;
  if (old === undefined || now === undefined) return [];
  const user = after.contentTypes['plugin::users-permissions.user']?.attributes ?? {};
  const changes: SchemaChange[] = [];
  for (const name of [...new Set([...old, ...now])].sort(compareCodeUnits)) {
    if (old.includes(name) && !now.includes(name))
      changes.push({
        change: 'removed',
        subject: 'registerField',
        owner: 'auth',
        name,
        ...breaking('auth.register no longer takes it'),
      });
    else if (!old.includes(name) && now.includes(name))
      changes.push({
        change: 'added',
        subject: 'registerField',
        owner: 'auth',
        name,
        ...(user[name]?.required === true ? breaking('auth.register requires it') : { breaking: false }),
      });
  }
  return changes;
}

/** Every change from `before` to `after`, content types first, then components, then auth routes and register fields, then other routes by owner, each sorted. */
export function diffSchemas(before: SchemaOutline, after: SchemaOutline): SchemaChange[] {
  const changes: SchemaChange[] = [];
  for (const uid of sortedUnion(before.contentTypes, after.contentTypes)) {
    const old = before.contentTypes[uid];
    const now = after.contentTypes[uid];
    if (!old) {
      changes.push({ change: 'added', subject: 'contentType', owner: uid, breaking: false });
      continue;
    }
    if (!now) {
      changes.push({ change: 'removed', subject: 'contentType', owner: uid, ...breaking('removed') });
      continue;
    }
    if (old.kind !== now.kind)
      changes.push({
        change: 'changed',
        subject: 'contentType',
        owner: uid,
        aspect: 'kind',
        from: old.kind,
        to: now.kind,
        ...breaking('another client property and methods'),
      });
    changes.push(...attributeChanges(uid, old.attributes, now.attributes));
    changes.push(...routeChanges(uid, old.routes, now.routes));
  }
  for (const uid of sortedUnion(before.components, after.components)) {
    const old = before.components[uid];
    const now = after.components[uid];
    if (!old) changes.push({ change: 'added', subject: 'component', owner: uid, breaking: false });
    else if (!now)
      changes.push({ change: 'removed', subject: 'component', owner: uid, ...breaking('removed') });
    else changes.push(...attributeChanges(uid, old.attributes, now.attributes));
  }
  const authRoutes = (outline: SchemaOutline) => Object.values(outline.auth?.routes ?? {});
  changes.push(...routeChanges('auth', authRoutes(before), authRoutes(after)));
  changes.push(...registerFieldChanges(before, after));
  // Plugin routes and api routes of no content type, by owner. An outline stored before
  // format 2 has no list of them: nothing to compare against, rather than all of them "added".
  if (before.routes === undefined) return changes;
  const owners = (outline: SchemaOutline) => (outline.routes ?? []).map((route) => route.owner);
  for (const owner of [...new Set([...owners(before), ...owners(after)])].sort(compareCodeUnits)) {
    const of = (outline: SchemaOutline) => (outline.routes ?? []).filter((route) => route.owner === owner);
    changes.push(...routeChanges(owner, of(before), of(after)));
  }
  return changes;
}
