/**
 * A `blocks` value with every node kind Strapi's rich-text editor writes (paragraph with every
 * text mark and a link, heading, quote, code, list, image), for the fidelity suites.
 */

// biome-ignore lint/suspicious/noExplicitAny: an uploaded file as the generated client returns it
type Any = any;

/** The keys of an uploaded file that an image block keeps. */
const IMAGE_KEYS = [
  'name',
  'alternativeText',
  'url',
  'caption',
  'width',
  'height',
  'formats',
  'hash',
  'ext',
  'mime',
  'size',
  'previewUrl',
  'provider',
  'createdAt',
  'updatedAt',
];

/** Blocks content holding every node kind; the image block shows `image` (an uploaded file). */
export function blocksSample(image: Any): unknown[] {
  const text = (value: string, marks: object = {}) => ({ type: 'text', text: value, ...marks });
  return [
    {
      type: 'paragraph',
      children: [
        text('Bold', { bold: true, italic: true }),
        { type: 'link', url: 'https://example.test/', children: [text('link', { underline: true })] },
        text('code', { code: true, strikethrough: true }),
      ],
    },
    { type: 'heading', level: 2, children: [text('Heading')] },
    { type: 'quote', children: [text('Quoted')] },
    { type: 'code', language: 'ts', children: [text('const a = 1;')] },
    { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('One')] }] },
    {
      type: 'image',
      image: Object.fromEntries(IMAGE_KEYS.map((key) => [key, image[key]])),
      children: [text('')],
    },
  ];
}
