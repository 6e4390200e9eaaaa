/**
 * A `blocks` value checked as Strapi's blocks validator checks it, in drafts too: a list of
 * nodes (a JSON string of one is parsed first; Strapi stores anything else as `null`), each of
 * a known type with the children that type takes. Messages and paths are Strapi's
 * (`content[0].children[0].text`); yup's own words where Strapi set none.
 */
import { castBoolean, castNumber, typeMessage } from './scalars.ts';

/** One problem: the message and the path below the field, as keys. */
export interface NodeProblem {
  message: string;
  path: string[];
}

/** A node's members this reads by name; the others by key. */
type Node = {
  type?: unknown;
  level?: unknown;
  format?: unknown;
  children?: unknown;
  language?: unknown;
  url?: unknown;
  text?: unknown;
  image?: unknown;
  formats?: unknown;
  [key: string]: unknown;
};

const LINK_PROTOCOLS = ['http:', 'https:', 'ftp:', 'mailto:', 'tel:'];
const TEXT_MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'];
const IMAGE_STRINGS = ['name', 'url', 'hash', 'ext', 'mime', 'provider', 'createdAt', 'updatedAt'];
const IMAGE_NUMBERS = ['width', 'height', 'size'];
const IMAGE_NULLABLE = ['alternativeText', 'caption', 'previewUrl'];

/** How Strapi casts a blocks value: a JSON string of a list parsed, any other non-list `null`. */
export function castBlocks(value: unknown): unknown {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return value === undefined || Array.isArray(value) ? value : null;
}

/** Checks a cast blocks list; `label` is the field's path in messages (`content`). */
export function checkBlocks(label: string, nodes: readonly unknown[]): NodeProblem[] {
  const problems: NodeProblem[] = [];
  const at = new Walker(problems);
  for (const [index, node] of nodes.entries()) at.block(`${label}[${index}]`, [String(index)], node);
  return problems;
}

/** The walk over a blocks tree (fields declared only, so a bundle for old targets needs no helper). */
class Walker {
  declare private readonly problems: NodeProblem[];

  constructor(problems: NodeProblem[]) {
    this.problems = problems;
  }

  private add(message: string, path: string[]) {
    this.problems.push({ message, path });
  }

  /** `type` must be exactly `expected`. */
  private type(label: string, path: string[], node: Node, expected: string) {
    if (node.type === undefined) this.add(`${label}.type is a required field`, [...path, 'type']);
    else if (node.type !== expected)
      this.add(`${label}.type must be one of the following values: ${expected}`, [...path, 'type']);
  }

  /** An object node, or its type message. */
  private object(label: string, path: string[], node: unknown): node is Node {
    if (typeof node === 'object' && node !== null && !Array.isArray(node)) return true;
    this.add(typeMessage(label, 'object', node, node), path);
    return false;
  }

  /** `children`: a list of at least `min` nodes, each checked by `each`. */
  private children(
    label: string,
    path: string[],
    node: Node,
    each: (label: string, path: string[], child: unknown) => void,
    minMessage?: string,
  ) {
    const children = node.children;
    const childLabel = `${label}.children`;
    const childPath = [...path, 'children'];
    if (children === undefined) return this.add(`${childLabel} is a required field`, childPath);
    if (!Array.isArray(children))
      return this.add(typeMessage(childLabel, 'array', children, children), childPath);
    for (const [index, child] of children.entries())
      each(`${childLabel}[${index}]`, [...childPath, String(index)], child);
    if (minMessage !== undefined && children.length < 1) this.add(minMessage, childPath);
  }

  block(label: string, path: string[], node: unknown) {
    switch ((node as Node | null | undefined)?.type) {
      case 'paragraph':
      case 'quote':
      case 'heading': {
        if (!this.object(label, path, node)) return;
        const type = node.type as string;
        if (type === 'heading') this.level(label, path, node);
        const name = type.charAt(0).toUpperCase() + type.slice(1);
        this.children(
          label,
          path,
          node,
          (l, p, c) => this.inline(l, p, c),
          `${name} node children must have at least one Text or Link node`,
        );
        return;
      }
      case 'code':
        if (!this.object(label, path, node)) return;
        if (node.language !== undefined && node.language !== null) this.string(label, path, node, 'language');
        this.children(
          label,
          path,
          node,
          (l, p, c) => this.text(l, p, c),
          'Quote node children must have at least one Text or Link node',
        );
        return;
      case 'list':
        return this.list(label, path, node);
      case 'image':
        if (!this.object(label, path, node)) return;
        this.image(label, path, node);
        this.children(label, path, node, (l, p, c) => this.inline(l, p, c));
        return;
      default:
        this.add('Block node is of invalid type', path);
    }
  }

  private level(label: string, path: string[], node: Node) {
    const levelLabel = `${label}.level`;
    const levelPath = [...path, 'level'];
    if (node.level === undefined || node.level === null) {
      if (node.level === null) this.add(typeMessage(levelLabel, 'number', Number.NaN, null), levelPath);
      else this.add(`${levelLabel} is a required field`, levelPath);
      return;
    }
    const cast = castNumber(node.level);
    if (Number.isNaN(cast)) this.add(typeMessage(levelLabel, 'number', cast, node.level), levelPath);
    else if (![1, 2, 3, 4, 5, 6].includes(cast))
      this.add(`${levelLabel} must be one of the following values: 1, 2, 3, 4, 5, 6`, levelPath);
  }

  /** A string member (`yup.string()`: numbers and booleans cast; `null` refused). */
  private string(label: string, path: string[], node: Node, key: string, nullable = false) {
    const value = node[key];
    if (value === undefined || (value === null && nullable)) return;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return;
    this.add(typeMessage(`${label}.${key}`, 'string', value, value), [...path, key]);
  }

  private list(label: string, path: string[], node: unknown) {
    if (!this.object(label, path, node)) return;
    this.type(label, path, node, 'list');
    const format = node.format;
    if (format === undefined) this.add(`${label}.format is a required field`, [...path, 'format']);
    else if (format !== 'ordered' && format !== 'unordered')
      this.add(`${label}.format must be one of the following values: ordered, unordered`, [
        ...path,
        'format',
      ]);
    this.children(
      label,
      path,
      node,
      (l, p, child) => {
        const type = (child as Node | null | undefined)?.type;
        if (type === 'list') this.list(l, p, child);
        else if (type === 'list-item') {
          if (!this.object(l, p, child)) return;
          this.children(l, p, child, (l2, p2, c2) => this.inline(l2, p2, c2));
        } else this.add('Inline node must be list-item or list', p);
      },
      'List node children must have at least one ListItem or ListNode',
    );
  }

  private inline(label: string, path: string[], node: unknown) {
    const type = (node as Node | null | undefined)?.type;
    if (type === 'text') return this.text(label, path, node);
    if (type !== 'link') return this.add('Inline node must be Text or Link', path);
    if (!this.object(label, path, node)) return;
    const url = node.url;
    if (
      url !== undefined &&
      url !== null &&
      typeof url !== 'string' &&
      typeof url !== 'number' &&
      typeof url !== 'boolean'
    )
      return this.add(typeMessage(`${label}.url`, 'string', url, url), [...path, 'url']);
    if (!validLink(url === undefined || url === null ? '' : String(url)))
      this.add('Please specify a valid link.', [...path, 'url']);
    this.children(label, path, node, (l, p, c) => this.text(l, p, c));
  }

  private text(label: string, path: string[], node: unknown) {
    if (!this.object(label, path, node)) return;
    this.type(label, path, node, 'text');
    const text = node.text;
    if (text === null) this.add(typeMessage(`${label}.text`, 'string', null, null), [...path, 'text']);
    else if (typeof text === 'object')
      this.add(typeMessage(`${label}.text`, 'string', text, text), [...path, 'text']);
    else if (text === undefined)
      this.add('Text must be defined with at least an empty string', [...path, 'text']);
    for (const mark of TEXT_MARKS) {
      const value = node[mark];
      if (value !== undefined && typeof castBoolean(value) !== 'boolean')
        this.add(typeMessage(`${label}.${mark}`, 'boolean', value, value), [...path, mark]);
    }
  }

  private image(label: string, path: string[], node: Node) {
    // yup gives an object left out its default, an empty object: every required key is missing (seen live).
    const image = node.image === undefined ? {} : node.image;
    const imageLabel = `${label}.image`;
    const imagePath = [...path, 'image'];
    if (!this.object(imageLabel, imagePath, image)) return;
    for (const key of IMAGE_STRINGS) {
      if (image[key] === undefined) this.add(`${imageLabel}.${key} is a required field`, [...imagePath, key]);
      else this.string(imageLabel, imagePath, image, key);
    }
    for (const key of IMAGE_NUMBERS) {
      const value = image[key];
      if (value === undefined) this.add(`${imageLabel}.${key} is a required field`, [...imagePath, key]);
      else if (Number.isNaN(castNumber(value)))
        this.add(typeMessage(`${imageLabel}.${key}`, 'number', castNumber(value), value), [
          ...imagePath,
          key,
        ]);
    }
    for (const key of IMAGE_NULLABLE) this.string(imageLabel, imagePath, image, key, true);
    const formats = image.formats;
    if (formats !== undefined && formats !== null && (typeof formats !== 'object' || Array.isArray(formats)))
      this.add(typeMessage(`${imageLabel}.formats`, 'object', formats, formats), [...imagePath, 'formats']);
  }
}

/** A link Strapi takes: a URL (or a path from `/`) with one of the allowed protocols. */
function validLink(link: string): boolean {
  try {
    return LINK_PROTOCOLS.includes(
      new URL(link.startsWith('/') ? `https://localhost${link}` : link).protocol,
    );
  } catch {
    return false;
  }
}
