/**
 * Schema -> model: validates the payload (validate.ts), then resolves every name the emitters
 * print, classifies every attribute and lists each model's system fields and filter fields
 * (field-kinds.ts), so emitters never invent or escape a name, nor decide a filter kind, themselves.
 * The model's types: model-types.ts; how each name is made and in which order: model-names.ts.
 */

import type {
  AttributeType,
  CmsSchema,
  RelationKind,
  SchemaAttribute,
  SchemaComponent,
  SchemaContentType,
} from '../schema/types.ts';
import { attributeDocs } from './attribute-docs.ts';
import { visibleRule } from './conditions.ts';
import { assignDraftNames, NO_DRAFT } from './drafts.ts';
import { componentSystemFields, contentTypeSystemFields, filterFields } from './field-kinds.ts';
import {
  compareCodeUnits,
  ECMASCRIPT_RESERVED_WORDS,
  pascalCase,
  propertyKey,
  Uniquifier,
} from './identifiers.ts';
import { assignClientProperties, claimModelNames, componentStem, contentTypeStem } from './model-names.ts';
import type {
  CodegenModel,
  ComponentModel,
  ContentTypeModel,
  DynamicZoneAttribute,
  ModelAttribute,
  ModelNames,
  RelationAttribute,
} from './model-types.ts';
import { reservedClientMembers, reservedTypeNames } from './reserved.ts';
import { assignRoutes, claimDefinitionNames } from './route-methods.ts';
import { type RuntimeSurface, runtimeAssets } from './runtime-assets.ts';
import { isRecord, sortedKeys, validateSchema } from './validate.ts';

export type * from './model-types.ts';
export { isSchemaError, SchemaError } from './validate.ts';

const TO_MANY_KINDS: ReadonlySet<RelationKind> = new Set([
  'oneToMany',
  'manyToMany',
  'manyWay',
  'morphToMany',
  'morphMany',
]);

/** Validates a schema payload and resolves every name; throws SchemaError on what it cannot type. */
export function buildModel(
  payload: CmsSchema,
  surface: RuntimeSurface = runtimeAssets().surface,
): CodegenModel {
  const schema = validateSchema(payload);
  const { contentTypes, components } = schema;
  const ctUids = sortedKeys(contentTypes);
  const componentUids = sortedKeys(components);

  const types = new Uniquifier(reservedTypeNames(surface));
  const ctNames = new Map<string, ModelNames>();
  for (const uid of ctUids) {
    ctNames.set(uid, claimModelNames(types, contentTypeStem(uid, contentTypes[uid]!.singularName)));
  }
  const componentNames = new Map<string, ModelNames>();
  for (const uid of componentUids) {
    componentNames.set(uid, claimModelNames(types, componentStem(uid, components[uid]!.category)));
  }

  const context: Context = { ctNames, componentNames, hasBlocks: false };

  const contentTypeModels = ctUids.map((uid): ContentTypeModel => {
    const source: SchemaContentType = contentTypes[uid]!;
    const names = ctNames.get(uid)!;
    const localized = source.localized === true;
    const systemFields = contentTypeSystemFields(localized);
    const attributes = buildAttributes(names.entry, source.attributes, context);
    return {
      uid,
      kind: source.kind,
      singularName: source.singularName,
      pluralName: source.pluralName,
      displayName: source.displayName,
      draftAndPublish: source.draftAndPublish === true,
      localized,
      names,
      draft: NO_DRAFT,
      clientProperty: null,
      systemFields,
      filterFields: filterFields(systemFields, attributes),
      attributes,
      customRoutes: [],
      addedParams: { query: {}, data: {} },
    };
  });
  const componentModels = componentUids.map((uid): ComponentModel => {
    const source: SchemaComponent = components[uid]!;
    const names = componentNames.get(uid)!;
    const systemFields = componentSystemFields();
    const attributes = buildAttributes(names.entry, source.attributes, context);
    return {
      uid,
      category: source.category,
      displayName: source.displayName,
      names,
      draft: NO_DRAFT,
      systemFields,
      filterFields: filterFields(systemFields, attributes),
      attributes,
    };
  });

  // Zone names come after every model name, owners in model order, attributes by name.
  for (const model of [...contentTypeModels, ...componentModels]) {
    const zones = model.attributes.filter(
      (a): a is DynamicZoneAttribute => a.classification === 'dynamiczone',
    );
    zones.sort((a, b) => compareCodeUnits(a.name, b.name));
    for (const zone of zones) zone.target = types.claim(zone.target);
  }
  // Draft names come last, so no earlier name moves when a schema gains drafts.
  assignDraftNames(contentTypeModels, componentModels, types);
  const auth = isRecord(schema.auth) ? schema.auth : null;
  const withUsers =
    auth !== null && contentTypeModels.some((model) => model.uid === 'plugin::users-permissions.user');
  const reservedClient = reservedClientMembers(surface);
  const clientNames = new Uniquifier([...reservedClient, ...ECMASCRIPT_RESERVED_WORDS]);
  const usersProperty = assignClientProperties(contentTypeModels, reservedClient, withUsers, clientNames);
  // Custom routes and added parameters of the content types; plugins and APIs get properties.
  const routeGroups = assignRoutes(schema, contentTypeModels, clientNames, reservedClient, withUsers);
  // Definition aliases and route self-aliases come last, so no earlier name moves.
  const definitions = claimDefinitionNames(
    schema,
    [
      ...contentTypeModels.map((type) => ({ property: type.clientProperty, routes: type.customRoutes })),
      ...routeGroups,
    ],
    types,
  );

  return {
    contentTypes: contentTypeModels,
    components: componentModels,
    hasBlocks: context.hasBlocks,
    auth,
    usersProperty,
    routeGroups,
    definitions,
    previewUids: [...(schema.preview?.uids ?? [])].sort(),
  };
}

interface Context {
  ctNames: Map<string, ModelNames>;
  componentNames: Map<string, ModelNames>;
  hasBlocks: boolean;
}

function buildAttributes(
  ownerName: string,
  attributes: Record<string, SchemaAttribute>,
  context: Context,
): ModelAttribute[] {
  return Object.keys(attributes).map((name) => buildAttribute(ownerName, name, attributes[name]!, context));
}

/** One validated attribute, classified, with its names resolved. */
function buildAttribute(
  ownerName: string,
  name: string,
  attribute: SchemaAttribute,
  context: Context,
): ModelAttribute {
  const type = attribute.type as AttributeType;
  const rule = visibleRule(attribute.conditions);
  // Strapi's REST API enforces a required media or relation only with the
  // `api.documents.strictRelations` option (off by default), even on publish.
  const linkRequired = attribute.required === true && (type === 'media' || type === 'relation');
  const docs = attributeDocs(attribute, rule, linkRequired);
  const base = {
    name,
    key: propertyKey(name),
    required: attribute.required === true && rule === undefined && !linkRequired,
    hasDefault: attribute.default !== undefined,
    hidden: attribute.private === true || type === 'password',
    docs: docs.read,
    inputDocs: docs.write,
  };
  switch (type) {
    case 'relation':
      return relationAttribute(base, attribute, context);
    case 'media':
      return { ...base, classification: 'media', many: attribute.multiple === true, target: 'MediaFile' };
    case 'component': {
      const uid = attribute.component!;
      const names = context.componentNames.get(uid)!;
      return {
        ...base,
        classification: 'component',
        many: attribute.repeatable === true,
        targetUid: uid,
        target: names.entry,
        targetInput: names.input,
      };
    }
    case 'dynamiczone': {
      const members = [...new Set(attribute.components)].map((uid) => {
        const names = context.componentNames.get(uid)!;
        return { uid, entry: names.entry, input: names.input };
      });
      // The final name is claimed once every model has its name (see buildModel).
      return {
        ...base,
        classification: 'dynamiczone',
        many: true,
        target: `${ownerName}${pascalCase(name)}Zone`,
        members,
      };
    }
    default: {
      if (type === 'blocks') context.hasBlocks = true;
      const enumValues = type === 'enumeration' ? [...new Set(attribute.enum)] : [];
      return { ...base, classification: 'scalar', type, enumValues };
    }
  }
}

function relationAttribute(
  base: Omit<RelationAttribute, 'classification' | 'relation' | 'many' | 'targetUid' | 'target'>,
  attribute: SchemaAttribute,
  context: Context,
): RelationAttribute {
  const relation = attribute.relation as RelationKind;
  const many = TO_MANY_KINDS.has(relation);
  const targetUid = attribute.target;
  // Validated: only a polymorphic relation may lack a target.
  if (targetUid === undefined || targetUid === null || targetUid === '') {
    return { ...base, classification: 'relation', relation, many, targetUid: null, target: null };
  }
  const names = context.ctNames.get(targetUid)!;
  return { ...base, classification: 'relation', relation, many, targetUid, target: names.entry };
}
