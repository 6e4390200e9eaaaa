// The demo app's seed, run on every boot and idempotent: two API tokens, three categories, two
// authors with avatars and four published articles with cover images. The images are drawn
// here (small PNG gradients), so the repository holds no binary files. When CTC_SEED_FILE is
// set, the tokens are written to it for `npm run demo`; with CTC_WEBHOOK_URL and
// CTC_WEBHOOK_SECRET, a webhook to that URL is registered.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');

const CATEGORIES = [
  { name: 'Guides', slug: 'guides' },
  { name: 'Releases', slug: 'releases' },
  { name: 'Community', slug: 'community' },
];

const AUTHORS = [
  {
    name: 'Ada Lovelace',
    bio: 'Wrote the first published program. Now writes about content models.',
    avatar: ['#7c3aed', '#ec4899'],
  },
  {
    name: 'Grace Hopper',
    bio: 'Believes a clear compiler error saves a day of debugging.',
    avatar: ['#0d9488', '#3b82f6'],
  },
];

const ARTICLES = [
  {
    title: 'Getting started with Strapi 5',
    slug: 'getting-started-with-strapi-5',
    excerpt: 'Content types, the REST API and API tokens in ten minutes.',
    body: '## Hello\n\nStrapi 5 answers `GET /api/articles` with your content as JSON.',
    readingMinutes: 5,
    author: 'Ada Lovelace',
    categories: ['guides'],
    cover: ['#2563eb', '#7c3aed'],
  },
  {
    title: 'Typed content with cms-types',
    slug: 'typed-content-with-cms-types',
    excerpt: 'Generate TypeScript types and a client from the schema your Strapi publishes.',
    body: 'Run `cms-types generate` and let your editor complete `populate` for you.',
    readingMinutes: 4,
    author: 'Grace Hopper',
    categories: ['guides', 'releases'],
    cover: ['#ea580c', '#facc15'],
  },
  {
    title: 'What is new in the typed client',
    slug: 'what-is-new-in-the-typed-client',
    excerpt: 'Populate-aware result types, typed filters and cache options for Next.js.',
    body: 'Results follow your query: populate an author and `author.name` is a string.',
    readingMinutes: 3,
    author: 'Ada Lovelace',
    categories: ['releases'],
    cover: ['#16a34a', '#0d9488'],
  },
  {
    title: 'Meet the community',
    slug: 'meet-the-community',
    excerpt: 'Where to ask questions and how to share what you built.',
    body: 'Say hello, show your project, and tell us what the types got wrong.',
    readingMinutes: 2,
    author: 'Grace Hopper',
    categories: ['community'],
    cover: ['#db2777', '#f43f5e'],
  },
];

const rgb = (hex) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

/** A PNG of a diagonal gradient between two colours (`#rrggbb`). */
function gradientPng(width, height, colours) {
  const [from, to] = colours.map(rgb);
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const pixels = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) pixels[row + 1 + x * 3 + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a generated image through Strapi's upload service; returns the file id. */
async function uploadImage(strapi, name, alternativeText, width, height, colours) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-seed-'));
  try {
    const filepath = path.join(dir, name);
    const data = gradientPng(width, height, colours);
    fs.writeFileSync(filepath, data);
    const [file] = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name, alternativeText, caption: null } },
        files: { filepath, originalFilename: name, mimetype: 'image/png', size: data.length },
      });
    return file.id;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The same token on every boot of one database; created on the first. */
async function token(strapi, name, type) {
  const tokens = strapi.service('admin::api-token');
  const existing = await tokens.getByName(name, { includeDecryptedKey: true });
  if (existing?.accessKey) return existing.accessKey;
  if (existing) await tokens.revoke(existing.id);
  const created = await tokens.create({
    name,
    description: `cms-typed-client demo: ${type} token`,
    type,
    lifespan: null,
  });
  return created.accessKey;
}

async function seedContent(strapi) {
  const categories = strapi.documents('api::category.category');
  const authors = strapi.documents('api::author.author');
  const articles = strapi.documents('api::article.article');
  const categoryIds = {};
  for (const category of CATEGORIES) {
    const found = await categories.findFirst({ filters: { slug: category.slug } });
    categoryIds[category.slug] = (found ?? (await categories.create({ data: category }))).documentId;
  }
  const authorIds = {};
  for (const { avatar, ...author } of AUTHORS) {
    let found = await authors.findFirst({ filters: { name: author.name } });
    if (!found) {
      const file = `${author.name.toLowerCase().replace(/\W+/g, '-')}.png`;
      const image = await uploadImage(strapi, file, `Avatar of ${author.name}`, 256, 256, avatar);
      found = await authors.create({ data: { ...author, avatar: image } });
    }
    authorIds[author.name] = found.documentId;
  }
  for (const { cover, author, categories: slugs, ...article } of ARTICLES) {
    if (await articles.findFirst({ filters: { slug: article.slug }, status: 'published' })) continue;
    const image = await uploadImage(strapi, `${article.slug}.png`, article.title, 960, 540, cover);
    await articles.create({
      data: {
        ...article,
        cover: image,
        author: authorIds[author],
        categories: slugs.map((slug) => categoryIds[slug]),
      },
      status: 'published',
    });
  }
}

/**
 * A webhook to the Next.js example's route handler (or any receiver) when CTC_WEBHOOK_URL names
 * it and CTC_WEBHOOK_SECRET holds its secret, sent as `Authorization: Bearer <secret>`: what an
 * editor sets in Settings > Webhooks. Registered as the admin's webhooks controller does (stored,
 * then added to the runner), after the seed, so seeding sends nothing; replaced on every boot.
 */
async function seedWebhook(strapi) {
  const name = 'cms-typed-client demo receiver';
  const store = strapi.get('webhookStore');
  for (const existing of await store.findWebhooks()) {
    if (existing.name !== name) continue;
    strapi.get('webhookRunner').remove(existing);
    await store.deleteWebhook(existing.id);
  }
  const url = process.env.CTC_WEBHOOK_URL;
  const secret = process.env.CTC_WEBHOOK_SECRET;
  if (!url || !secret) return;
  const webhook = await store.createWebhook({
    name,
    url,
    headers: { Authorization: `Bearer ${secret}` },
    events: [
      'entry.create',
      'entry.update',
      'entry.delete',
      'entry.publish',
      'entry.unpublish',
      'media.create',
      'media.update',
      'media.delete',
    ],
    isEnabled: true,
  });
  strapi.get('webhookRunner').add(webhook);
}

module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    const seed = {
      tokens: {
        readOnly: await token(strapi, 'demo-read-only', 'read-only'),
        fullAccess: await token(strapi, 'demo-full-access', 'full-access'),
      },
    };
    await seedContent(strapi);
    await seedWebhook(strapi);
    if (process.env.CTC_SEED_FILE) fs.writeFileSync(process.env.CTC_SEED_FILE, JSON.stringify(seed, null, 2));
  },
};
