/** The value of a `blocks` (rich text) attribute, node by node. */
import type { MediaFormat } from './attribute-values.ts';

/** The value of a `blocks` (rich text) attribute. */
export type BlocksContent = Block[];

/** A top-level node of blocks content, discriminated by `type`. */
export type Block = ParagraphBlock | HeadingBlock | QuoteBlock | CodeBlock | ListBlock | ImageBlock;

/** A paragraph. */
export interface ParagraphBlock {
  /** Always `"paragraph"`: narrows a union of nodes. */
  type: 'paragraph';
  /** Text and links, in order. */
  children: InlineNode[];
}

/** A heading, `<h1>` to `<h6>`. */
export interface HeadingBlock {
  /** Always `"heading"`: narrows a union of nodes. */
  type: 'heading';
  /** 1 for `<h1>` down to 6 for `<h6>`. */
  level: 1 | 2 | 3 | 4 | 5 | 6;
  /** Text and links, in order. */
  children: InlineNode[];
}

/** A block quote. */
export interface QuoteBlock {
  /** Always `"quote"`: narrows a union of nodes. */
  type: 'quote';
  /** Text and links, in order. */
  children: InlineNode[];
}

/** A code block; its text is in the text nodes of `children`. */
export interface CodeBlock {
  /** Always `"code"`: narrows a union of nodes. */
  type: 'code';
  /** The language picked in the editor, e.g. `javascript`, when one was. */
  language?: string;
  /** The code, as text nodes. */
  children: InlineNode[];
}

/** An ordered or unordered list. */
export interface ListBlock {
  /** Always `"list"`: narrows a union of nodes. */
  type: 'list';
  /** `ordered` (`<ol>`) or `unordered` (`<ul>`). */
  format: 'ordered' | 'unordered';
  /** The items, in order. */
  children: ListItemBlock[];
}

/** One item of a list. */
export interface ListItemBlock {
  /** Always `"list-item"`: narrows a union of nodes. */
  type: 'list-item';
  /** Text and links, in order. */
  children: InlineNode[];
}

/** An image from the media library. */
export interface ImageBlock {
  /** Always `"image"`: narrows a union of nodes. */
  type: 'image';
  /** The file's fields as they were when the image was inserted: a copy, not a relation. */
  image: {
    /** File name as uploaded, e.g. `photo.jpg`. */
    name: string;
    /** Text for screen readers, as set in the media library. */
    alternativeText?: string | null;
    /** URL of the original: a path below the server (`/uploads/...`) with the local provider, absolute with others. */
    url: string;
    /** Caption, as set in the media library. */
    caption?: string | null;
    /** Pixels. */
    width?: number;
    /** Pixels. */
    height?: number;
    /** Resized variants: `thumbnail`, `small`, `medium`, `large` and custom sizes. */
    formats?: Record<string, MediaFormat> | null;
    /** Generated file name without extension; the stored file is `hash` + `ext`. */
    hash: string;
    /** File extension with its leading dot, e.g. `.jpg`. */
    ext: string;
    /** MIME type, e.g. `image/jpeg`. */
    mime: string;
    /** Kilobytes. */
    size: number;
    /** URL of a preview, for files the provider previews; usually null. */
    previewUrl?: string | null;
    /** The upload provider that stores the file, e.g. `local`. */
    provider: string;
    /** ISO 8601 timestamp of the upload. */
    createdAt: string;
    /** ISO 8601 timestamp of the last change to the file. */
    updatedAt: string;
  };
  /** An empty text node: the editor gives every block children. */
  children: InlineNode[];
}

/** Inline content of a block: text or a link. */
export type InlineNode = TextNode | LinkInline;

/** A run of text with its marks. */
export interface TextNode {
  /** Always `"text"`: narrows a union of nodes. */
  type: 'text';
  /** The characters; may be empty. */
  text: string;
  /** `true` when the text is bold; absent otherwise. */
  bold?: boolean;
  /** `true` when the text is italic; absent otherwise. */
  italic?: boolean;
  /** `true` when the text is underlined; absent otherwise. */
  underline?: boolean;
  /** `true` when the text is struck through; absent otherwise. */
  strikethrough?: boolean;
  /** `true` when the text is inline code; absent otherwise. */
  code?: boolean;
}

/** A link around text. */
export interface LinkInline {
  /** Always `"link"`: narrows a union of nodes. */
  type: 'link';
  /** The link target, as entered in the editor. */
  url: string;
  /** The linked text. */
  children: TextNode[];
}
