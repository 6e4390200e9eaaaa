/**
 * Strapi's Live Preview, from the framed page's side. Strapi's preview page shows the frontend
 * in a frame and talks to it with `postMessage` (`{ type, payload? }`): the page says it is
 * ready (`previewReady`), Strapi answers with a script that highlights the fields an editor can
 * click (`strapiScript`), tells the page when the editor saved or published (`strapiUpdate`), and
 * sends each change in the form (`strapiFieldChange`). Loaded only by a page that listens.
 */

/** A change in the editor's form, as Strapi's preview sends it. */
export interface StrapiFieldChange {
  /** The field's path in the form (`title`, `seo.description`). */
  field: string;
  /** Its new value. */
  value: unknown;
  /** Its attribute type (`string`, `blocks`, `media`...). */
  type: string;
}

/** Options of `listenToStrapiPreview(options)`. */
export interface LivePreviewOptions {
  /**
   * The origin of Strapi's admin (`https://cms.example.com`; a URL with a path is cut to its
   * origin). Only its messages are read, and `previewReady` is posted to it alone.
   */
  strapiOrigin: string;
  /** The editor saved or published: render the page again (`router.refresh()` in Next.js). */
  onUpdate: () => void;
  /** A change in the editor's form, before it is saved. */
  onFieldChange?: ((change: StrapiFieldChange) => void) | undefined;
  /**
   * Run the script Strapi answers `previewReady` with, which highlights the fields an editor can
   * click to edit (with `withStatus(cms, 'draft', { sourceMaps: true })`). The page's
   * Content-Security-Policy must allow an inline script and the module it imports from
   * `cdn.jsdelivr.net`.
   * @default false
   */
  runScript?: boolean | undefined;
  /** The window of the framed page. @default globalThis.window */
  window?: PreviewFrameWindow | undefined;
}

/** A message event as the listener reads it (the DOM's `MessageEvent` is one). */
export interface PreviewMessageEvent {
  /** What was posted. */
  readonly data: unknown;
  /** The origin of the window that posted it. */
  readonly origin: string;
  /** The window that posted it. */
  readonly source: unknown;
}

/**
 * What the listener uses of the framed page's window; the DOM's `Window` has it. Declared here so
 * that the client's types need no DOM library (a Node project compiles them as they are).
 */
export interface PreviewFrameWindow {
  /** The window framing this one: Strapi's preview page. */
  readonly parent: {
    /** Posts `previewReady` to Strapi's origin. */
    postMessage(message: unknown, targetOrigin: string): void;
  };
  /** Adds the message listener. */
  addEventListener(type: 'message', listener: (event: PreviewMessageEvent) => void): void;
  /** Removes it. */
  removeEventListener(type: 'message', listener: (event: PreviewMessageEvent) => void): void;
  /** Where `runScript` adds Strapi's script. */
  readonly document: {
    /** Makes the script element. */
    createElement(tagName: 'script'): { textContent: string | null };
    /** Where the script element goes. */
    readonly head: {
      /** Adds the script element, which runs it. */
      appendChild(node: never): unknown;
    };
  };
}

/**
 * Listens to Strapi's preview page from the page it frames, and returns the function that stops
 * listening (React: `useEffect(() => listenToStrapiPreview({ strapiOrigin, onUpdate }), [])`).
 * Outside a browser, or when the page is not in a frame, it does nothing. Messages from another
 * origin or window, and of other shapes, are ignored. The preview, these messages and Strapi's
 * source maps work on every Strapi plan; its side-by-side editing in the preview needs the
 * Growth or Enterprise plan.
 */
export function listenToStrapiPreview(options: LivePreviewOptions): () => void {
  let origin: string;
  try {
    origin = new URL(options.strapiOrigin).origin;
  } catch {
    throw new TypeError(
      `listenToStrapiPreview: strapiOrigin ${JSON.stringify(options.strapiOrigin)} is not a URL; pass Strapi's address, e.g. https://cms.example.com`,
    );
  }
  if (origin === 'null')
    throw new TypeError(
      `listenToStrapiPreview: strapiOrigin ${JSON.stringify(options.strapiOrigin)} has no origin`,
    );
  const view = options.window ?? (globalThis as { window?: PreviewFrameWindow }).window;
  if (view === undefined || view.parent === undefined || view.parent === (view as unknown)) return () => {};
  const parent = view.parent;
  let scriptRun = false;
  const listener = (event: PreviewMessageEvent) => {
    if (event.origin !== origin || event.source !== parent) return;
    const message: unknown = event.data;
    if (typeof message !== 'object' || message === null) return;
    const { type, payload } = message as { type?: unknown; payload?: unknown };
    if (type === 'strapiUpdate') options.onUpdate();
    else if (type === 'strapiFieldChange') {
      const change = payload as Partial<StrapiFieldChange> | null | undefined;
      if (typeof change?.field === 'string' && typeof change.type === 'string')
        options.onFieldChange?.({ field: change.field, value: change.value, type: change.type });
    } else if (type === 'strapiScript' && options.runScript === true && !scriptRun) {
      const script = (payload as { script?: unknown } | null | undefined)?.script;
      if (typeof script !== 'string') return;
      scriptRun = true;
      const element = view.document.createElement('script');
      element.textContent = script;
      view.document.head.appendChild(element as never);
    }
  };
  view.addEventListener('message', listener);
  parent.postMessage({ type: 'previewReady' }, origin);
  return () => view.removeEventListener('message', listener);
}
