/**
 * The `preview` block of a Strapi app's `config/admin.(js|ts)`, built from the frontend's URL,
 * the preview secret and one path rule per content type (`'/blog/{slug}'`): Strapi 5.6 and later
 * show "Open preview" for a content type with a rule, and its handler answers with the frontend's
 * preview route, which checks the secret, turns on draft mode and redirects to the path
 * (the generated `handleCmsPreview`). Strapi evaluates `config/admin` before it exists, so what
 * needs Strapi (reading the document, checking the rules against the content types) happens when
 * the admin first asks for a preview URL.
 */

/** The marker on the handler by which the plugin finds the rules (and publishes their uids). */
export const PREVIEW_RULES = Symbol.for('cms-typed-client.preview-rules');

/** Set on the handler once the plugin has checked its rules at boot (and logged what is wrong). */
export const PREVIEW_CHECKED = Symbol.for('cms-typed-client.preview-checked');

/** The part of Strapi the handler uses. */
export interface PreviewStrapi {
  contentTypes: Record<string, { attributes?: Record<string, unknown> } | undefined>;
  documents(uid: string): {
    findOne(params: {
      documentId: string;
      locale?: string | undefined;
      status: 'draft' | 'published';
      fields: string[];
    }): Promise<Record<string, unknown> | null>;
  };
  log: { warn(message: string): void; error(message: string): void };
}

export interface CmsPreviewOptions {
  /** The frontend's address, e.g. `https://www.example.com` (its origin may frame in the admin). */
  url: string | undefined;
  /** The preview secret the frontend's `handleCmsPreview` checks; at least 16 characters. */
  secret: string | undefined;
  /**
   * The page of each content type that has a preview, by uid: a path with `{field}` for a field
   * of the document (`'/blog/{slug}'`), `{documentId}` and `{locale}`. A content type without a
   * rule has no preview button.
   */
  paths: Readonly<Record<string, string>>;
  /** The frontend route that runs `handleCmsPreview`; default `/api/preview`. */
  route?: string;
  /** Strapi, for tests; the global `strapi` otherwise. */
  strapi?: PreviewStrapi;
}

/** What Strapi passes the handler. */
export interface PreviewRequest {
  documentId: string;
  locale?: string | null;
  /** `draft`, `published`, or `modified` (the edit view's draft with changes). */
  status?: string | null;
}

export interface PreviewConfig {
  enabled: boolean;
  config?: {
    allowedOrigins: string[];
    handler: PreviewHandler;
  };
}

/** The handler `cmsPreview` builds, carrying its rules. */
export type PreviewHandler = ((uid: string, request: PreviewRequest) => Promise<string | null>) & {
  [PREVIEW_RULES]?: Readonly<Record<string, string>>;
  [PREVIEW_CHECKED]?: boolean;
};

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const OWN = new Set(['documentId', 'locale']);

/** The fields a rule names, besides `{documentId}` and `{locale}`. */
export function ruleFields(rule: string): string[] {
  return [...new Set([...rule.matchAll(PLACEHOLDER)].map((match) => match[1] as string))].filter(
    (name) => !OWN.has(name),
  );
}

/** What is wrong with the rules for this Strapi's content types, a line each. */
export function ruleProblems(paths: Readonly<Record<string, string>>, strapi: PreviewStrapi): string[] {
  const problems: string[] = [];
  for (const [uid, rule] of Object.entries(paths)) {
    const type = strapi.contentTypes[uid];
    if (type === undefined) {
      problems.push(
        `preview: ${uid} is not a content type of this app; its rule ${JSON.stringify(rule)} is ignored`,
      );
      continue;
    }
    if (!rule.startsWith('/'))
      problems.push(`preview: the rule of ${uid}, ${JSON.stringify(rule)}, must be a path starting with /`);
    for (const field of ruleFields(rule))
      if (!Object.hasOwn(type.attributes ?? {}, field))
        problems.push(
          `preview: ${uid} has no field ${JSON.stringify(field)} (its rule ${JSON.stringify(rule)})`,
        );
  }
  return problems;
}

/**
 * The `preview` block of `config/admin`. Without a URL or a secret it is disabled, with one
 * warning saying which is missing. The handler answers `null` (no button) for a content type
 * without a rule, a document it cannot find, or a rule it cannot fill, and never throws: the
 * first call logs each problem of the rules once.
 */
export function cmsPreview(options: CmsPreviewOptions): PreviewConfig {
  const missing = [
    ...(options.url ? [] : ['url (the frontend address)']),
    ...(options.secret ? [] : ['secret (shared with handleCmsPreview)']),
  ];
  if (missing.length > 0) {
    console.warn(`[cms-typed-client] preview is off: no ${missing.join(' and no ')}`);
    return { enabled: false };
  }
  const base = new URL(options.url as string);
  const secret = options.secret as string;
  const route = options.route ?? '/api/preview';
  const paths = { ...options.paths };
  let checked = false;
  const handler: NonNullable<PreviewConfig['config']>['handler'] = async (uid, request) => {
    const strapi = options.strapi ?? (globalThis as { strapi?: PreviewStrapi }).strapi;
    try {
      if (strapi === undefined) return null;
      if (!checked && handler[PREVIEW_CHECKED] !== true) {
        checked = true;
        for (const problem of ruleProblems(paths, strapi)) strapi.log.warn(`[cms-typed-client] ${problem}`);
      }
      const rule = paths[uid];
      if (rule === undefined || strapi.contentTypes[uid] === undefined) return null;
      const status = request.status === 'published' ? 'published' : 'draft';
      const locale = request.locale ?? undefined;
      const fields = ruleFields(rule);
      const document =
        fields.length === 0
          ? {}
          : await strapi.documents(uid).findOne({ documentId: request.documentId, locale, status, fields });
      if (document === null) return null;
      const values: Record<string, unknown> = { ...document, documentId: request.documentId, locale };
      let unfilled = false;
      const path = rule.replace(PLACEHOLDER, (_, name: string) => {
        const value = values[name];
        if ((typeof value !== 'string' && typeof value !== 'number') || value === '') unfilled = true;
        return encodeURIComponent(String(value ?? ''));
      });
      if (unfilled) return null;
      const target = new URL(route, base);
      target.searchParams.set('secret', secret);
      target.searchParams.set('uid', uid);
      target.searchParams.set('documentId', request.documentId);
      target.searchParams.set('status', status);
      if (locale !== undefined) target.searchParams.set('locale', locale);
      target.searchParams.set('path', path);
      return target.toString();
    } catch (error) {
      strapi?.log.error(
        `[cms-typed-client] preview of ${uid}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  };
  Object.defineProperty(handler, PREVIEW_RULES, { value: paths });
  return { enabled: true, config: { allowedOrigins: [base.origin], handler } };
}
