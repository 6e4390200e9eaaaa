/**
 * The real FoodAdvisor schemas booted in Strapi 5, as its app runs them: schemas written for
 * Strapi 4 (`reviewWorkflows` and `versions` options Strapi 5 ignores), an extension of the
 * users-permissions user (a required `job`, relations to reviews), the CKEditor plugin's custom
 * field, enumerations (`_blank`), relations inside components, eleven section components in
 * one dynamic zone. The plugin publishes all of it, the payload matches the committed fixture
 * (test/fixtures/payloads/foodadvisor.json, which the generator's snapshot tests read), and the
 * generated client writes and reads every content type with responses that fit its types.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stableStringify } from '../../src/schema/stable-json.ts';
import type { SchemaResponse } from '../../src/schema/types.ts';
import { createApp, FOODADVISOR_ENV, type RunningStrapi, startStrapi } from '../harness/app.ts';
import { ROOT } from '../harness/paths.ts';
import { createProject, runCli } from '../helpers/cli.ts';
import { assertPublishesFoodadvisor, assertUnownedArticles } from '../helpers/foodadvisor.ts';
import { type Capture, checkCaptures, generateClient } from '../helpers/generated-client.ts';
import { png } from '../helpers/png.ts';

// biome-ignore lint/suspicious/noExplicitAny: the generated module is typed by its own .d.ts
type Any = any;

function imageForm(name: string): FormData {
  const form = new FormData();
  form.append('files', new Blob([png()], { type: 'image/png' }), name);
  return form;
}

describe('FoodAdvisor schemas in a real Strapi', () => {
  let strapi: RunningStrapi;
  let body: SchemaResponse;
  before(async () => {
    strapi = await startStrapi(createApp('foodadvisor', { variant: 'foodadvisor' }), {
      env: FOODADVISOR_ENV,
    });
    body = (await (await fetch(`${strapi.url}/api/cms-typed-client/schema`)).json()) as SchemaResponse;
  });
  after(() => strapi?.stop());

  it('publishes every FoodAdvisor content type and component, and the fields its extension adds to the user', () => {
    assertPublishesFoodadvisor(body);
    assert.equal(
      body.schema.contentTypes['plugin::users-permissions.user']!.attributes.password?.private,
      true,
    );
  });

  it("leaves out the user's articles, which no relation owns, says why at start and in the payload, and Strapi indeed never reads it", async () => {
    // The extension declares `articles` with `mappedBy: 'author'`; FoodAdvisor's article has no `author`.
    const notice = await assertUnownedArticles(strapi, body);
    assert.ok(strapi.output().includes(`[cms-typed-client] ${notice}`), 'logged at start');
    const project = createProject('foodadvisor-notice');
    const run = await runCli(['generate', '--url', strapi.url, '--output', 'cms'], { cwd: project });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.stderr.includes(`warning: ${notice}\n`), `cms-types generate prints it:\n${run.stderr}`);
    const types = readFileSync(join(project, 'cms', 'types.d.ts'), 'utf8');
    const links = /^export interface UsersPermissionsUserPopulatable \{\n[\s\S]*?^\}/m.exec(types)?.[0] ?? '';
    assert.match(links, /^ {2}reviews: Review\[\];$/m, 'the owned inverse side is typed');
    assert.doesNotMatch(links, /articles/, 'the unowned one is not');
  });

  it("publishes the CKEditor custom field as the richtext it stores, naming the plugin's field", () => {
    assert.deepEqual(body.schema.contentTypes['api::article.article']!.attributes.ckeditor_content, {
      type: 'richtext',
      required: true,
      customField: 'plugin::ckeditor.CKEditor',
      localized: true,
    });
  });

  it('serves the payload committed as test/fixtures/payloads/foodadvisor.json', () => {
    const committed = readFileSync(join(ROOT, 'test/fixtures/payloads/foodadvisor.json'), 'utf8');
    assert.equal(
      stableStringify(JSON.parse(committed)),
      stableStringify(body),
      'regenerate with npm run fixtures -- foodadvisor.json',
    );
  });

  it('the generated client writes and reads every FoodAdvisor content type, and the responses fit its types', async () => {
    const { project, generated } = await generateClient(strapi, 'foodadvisor-client');
    const cms: Any = new (generated as Any).CmsClient({
      baseURL: strapi.url,
      token: strapi.seed.tokens.fullAccess,
    });
    const [image] = await cms.upload.upload(imageForm('dish.png'));
    const [reader] = await cms.users.find({ filters: { username: { $eq: strapi.seed.user.username } } });
    assert.ok(reader, 'the seeded user');
    const category = await cms.categories.create({ name: 'Pizza' });
    const place = await cms.places.create({ name: 'Paris' });
    const restaurant = await cms.restaurants.create(
      {
        name: 'Chez Tony',
        images: [image.id],
        price: 'p2',
        information: {
          description: 'Wood-fired pizza since 1962.',
          opening_hours: [{ day_interval: 'Mon-Fri', opening_hour: '11:00', closing_hour: '23:00' }],
          location: { address: '1 rue de la Paix', website: 'https://tony.example', phone: '+33 1 23' },
        },
        socialNetworks: [{ url: 'https://social.example/tony' }],
        blocks: [
          { __component: 'restaurant.rich-content', content: '## The menu\n\n**Margherita**' },
          {
            __component: 'blocks.faq',
            title: 'Questions',
            theme: 'primary',
            faq: [{ question: 'Vegan?', answer: 'Yes, *two* pizzas.' }],
          },
          {
            __component: 'blocks.cta',
            theme: 'muted',
            title: 'Book',
            buttons: [{ theme: 'primary', link: { href: '/book', label: 'Book a table', target: '_blank' } }],
          },
        ],
        seo: {
          metaTitle: 'Chez Tony',
          metaDescription: 'Wood-fired pizza in the heart of Paris, served since 1962.',
          metaImage: image.id,
          metaSocial: [{ socialNetwork: 'Facebook', title: 'Tony', description: 'Pizza', image: image.id }],
          structuredData: { '@type': 'Restaurant', servesCuisine: ['pizza'] },
        },
        category: category.documentId,
        place: place.documentId,
      },
      { status: 'published' },
    );
    const review = await cms.reviews.create({
      content: 'The best crust in town.',
      note: 5,
      author: reader.documentId,
      restaurant: restaurant.documentId,
    });
    const article = await cms.articles.create(
      {
        title: 'Pizza in Paris',
        ckeditor_content: '<p>Where to eat <strong>pizza</strong>.</p>',
        image: image.id,
        category: category.documentId,
        blocks: [
          { __component: 'blocks.related-articles', header: { title: 'More', theme: 'secondary' } },
          {
            __component: 'blocks.cta-command-line',
            theme: 'primary',
            title: 'Try',
            commandLine: 'npx create',
          },
        ],
        seo: {
          metaTitle: 'Pizza in Paris',
          metaDescription: 'Where to eat pizza in Paris: the addresses our reviewers return to.',
          keywords: 'pizza, paris',
        },
      },
      { status: 'published' },
    );
    const page = await cms.pages.create(
      {
        title: 'Home',
        slug: 'home',
        blocks: [
          {
            __component: 'blocks.hero',
            images: [image.id],
            header: { title: 'FoodAdvisor', label: 'Welcome', theme: 'primary' },
            text: 'Find a table.',
            buttons: [{ theme: 'secondary', link: { href: '/restaurants', label: 'Restaurants' } }],
          },
          { __component: 'blocks.team', header: { title: 'Team' }, members: [reader.documentId] },
          { __component: 'blocks.testimonial', theme: 'muted', text: 'Great.', author: reader.documentId },
          {
            __component: 'blocks.pricing',
            header: { title: 'Plans' },
            pricingCards: [{ title: 'Pro', price: 9, perks: [{ name: 'Bookings', included: true }] }],
          },
          {
            __component: 'blocks.related-restaurants',
            header: { title: 'Picks' },
            restaurants: [restaurant.documentId],
          },
          {
            __component: 'blocks.features',
            theme: 'primary',
            cards: [{ title: 'Reviews', text: 'Honest ones.', image: image.id }],
          },
          {
            __component: 'blocks.features-with-images',
            text: 'Why us',
            image: image.id,
            featuresCheck: [{ text: 'Free' }],
          },
        ],
      },
      { status: 'published' },
    );
    await cms.global.update(
      {
        navigation: {
          links: [{ href: '/', label: 'Home' }],
          leftButton: { href: '/login', label: 'Log in' },
          rightButton: { href: '/join', label: 'Join', isExternal: false },
        },
        footer: {
          label: 'FoodAdvisor',
          footerColumns: [{ links: [{ href: '/about', label: 'About' }] }],
          socialNetworks: [{ url: 'https://social.example/foodadvisor' }],
          button: { theme: 'primary', link: { href: '/contact', label: 'Contact' } },
        },
      },
      { status: 'published' },
    );
    await cms.blogPage.update(
      {
        slug: 'blog',
        articlesPerPage: 9,
        header: { title: 'Blog' },
        blocks: [{ __component: 'blocks.cta', title: 'Subscribe' }],
      },
      { status: 'published' },
    );
    await cms.restaurantPage.update(
      { slug: 'restaurants', categoryText: 'Category', PlaceText: 'Place', restaurantsPerPage: 12 },
      { status: 'published' },
    );

    const captures: Capture[] = [];
    const read = async (name: string, call: string, run: (client: Any) => Promise<unknown>) => {
      const value = await run(cms);
      captures.push({ name, call, value });
      return value as Any;
    };
    const tony = await read(
      'restaurant',
      "cms.restaurants.findOne('x', { populate: { images: true, information: { populate: { opening_hours: true, location: true } }, socialNetworks: true, seo: { populate: { metaSocial: { populate: { image: true } } } }, category: true, place: true, reviews: { populate: { author: { fields: ['username', 'job'] } } }, blocks: { on: { 'restaurant.rich-content': true, 'blocks.faq': { populate: { faq: true } }, 'blocks.cta': { populate: { buttons: { populate: { link: true } } } } } } } })",
      (client) =>
        client.restaurants.findOne(restaurant.documentId, {
          populate: {
            images: true,
            information: { populate: { opening_hours: true, location: true } },
            socialNetworks: true,
            seo: { populate: { metaSocial: { populate: { image: true } } } },
            category: true,
            place: true,
            reviews: { populate: { author: { fields: ['username', 'job'] } } },
            blocks: {
              on: {
                'restaurant.rich-content': true,
                'blocks.faq': { populate: { faq: true } },
                'blocks.cta': { populate: { buttons: { populate: { link: true } } } },
              },
            },
          },
        }),
    );
    assert.equal(tony.information.location.address, '1 rue de la Paix');
    assert.equal(tony.reviews[0].author.job, `${strapi.seed.user.username}'s job`);
    assert.equal(tony.blocks[2].buttons[0].link.target, '_blank');
    assert.deepEqual(tony.seo.structuredData, { '@type': 'Restaurant', servesCuisine: ['pizza'] });
    await read('restaurants', "cms.restaurants.find({ populate: '*', sort: 'name:asc' })", (client) =>
      client.restaurants.find({ populate: '*', sort: 'name:asc' }),
    );
    const pizza = await read(
      'article',
      "cms.articles.findOne('x', { populate: { image: true, category: true, seo: true, blocks: { on: { 'blocks.related-articles': { populate: { header: true, articles: true } }, 'blocks.cta-command-line': true } } } })",
      (client) =>
        client.articles.findOne(article.documentId, {
          populate: {
            image: true,
            category: true,
            seo: true,
            blocks: {
              on: {
                'blocks.related-articles': { populate: { header: true, articles: true } },
                'blocks.cta-command-line': true,
              },
            },
          },
        }),
    );
    assert.equal(pizza.ckeditor_content, '<p>Where to eat <strong>pizza</strong>.</p>');
    const home = await read(
      'page',
      "cms.pages.findOne('x', { populate: { blocks: { on: { 'blocks.hero': { populate: { images: true, header: true, buttons: { populate: { link: true } } } }, 'blocks.team': { populate: { header: true, members: { fields: ['username'] } } }, 'blocks.testimonial': { populate: { author: true } }, 'blocks.pricing': { populate: { header: true, pricingCards: { populate: { perks: true } } } }, 'blocks.related-restaurants': { populate: { restaurants: { fields: ['name', 'price'] } } }, 'blocks.features': { populate: { cards: { populate: { image: true } } } }, 'blocks.features-with-images': { populate: '*' } } } } })",
      (client) =>
        client.pages.findOne(page.documentId, {
          populate: {
            blocks: {
              on: {
                'blocks.hero': {
                  populate: { images: true, header: true, buttons: { populate: { link: true } } },
                },
                'blocks.team': { populate: { header: true, members: { fields: ['username'] } } },
                'blocks.testimonial': { populate: { author: true } },
                'blocks.pricing': { populate: { header: true, pricingCards: { populate: { perks: true } } } },
                'blocks.related-restaurants': { populate: { restaurants: { fields: ['name', 'price'] } } },
                'blocks.features': { populate: { cards: { populate: { image: true } } } },
                'blocks.features-with-images': { populate: '*' },
              },
            },
          },
        }),
    );
    assert.deepEqual(
      home.blocks.map((block: { __component: string }) => block.__component),
      [
        'blocks.hero',
        'blocks.team',
        'blocks.testimonial',
        'blocks.pricing',
        'blocks.related-restaurants',
        'blocks.features',
        'blocks.features-with-images',
      ],
    );
    assert.equal(home.blocks[1].members[0].username, strapi.seed.user.username);
    assert.equal(home.blocks[3].pricingCards[0].perks[0].included, true);
    const global = await read(
      'global',
      "cms.global.find({ populate: { navigation: { populate: '*' }, footer: { populate: { footerColumns: { populate: { links: true } }, socialNetworks: true, button: { populate: { link: true } } } } } })",
      (client) =>
        client.global.find({
          populate: {
            navigation: { populate: '*' },
            footer: {
              populate: {
                footerColumns: { populate: { links: true } },
                socialNetworks: true,
                button: { populate: { link: true } },
              },
            },
          },
        }),
    );
    assert.equal(global.footer.button.link.label, 'Contact');
    await read('blogPage', "cms.blogPage.find({ populate: '*' })", (client) =>
      client.blogPage.find({ populate: '*' }),
    );
    await read('restaurantPage', 'cms.restaurantPage.find()', (client) => client.restaurantPage.find());
    const pizzas = await read(
      'categories',
      "cms.categories.find({ populate: { restaurants: { fields: ['name'] }, articles: { fields: ['title'] } } })",
      (client) =>
        client.categories.find({
          populate: { restaurants: { fields: ['name'] }, articles: { fields: ['title'] } },
        }),
    );
    assert.equal(pizzas[0].restaurants[0].name, 'Chez Tony');
    await read(
      'places',
      "cms.places.find({ filters: { restaurants: { price: { $eq: 'p2' } } } })",
      (client) => client.places.find({ filters: { restaurants: { price: { $eq: 'p2' } } } }),
    );
    await read(
      'reviews',
      "cms.reviews.find({ populate: { author: { populate: { picture: true } }, restaurant: { fields: ['name'] } } })",
      (client) =>
        client.reviews.find({
          populate: { author: { populate: { picture: true } }, restaurant: { fields: ['name'] } },
        }),
    );
    const users = await read(
      'users',
      "cms.users.find({ populate: { reviews: { fields: ['note'] }, picture: true } })",
      (client) => client.users.find({ populate: { reviews: { fields: ['note'] }, picture: true } }),
    );
    assert.ok(users.some((user: Any) => user.reviews.length === 1 && user.reviews[0].note === review.note));
    const visitor: Any = new (generated as Any).CmsClient({ baseURL: strapi.url });
    const joined = await visitor.auth.register({
      username: 'cook',
      email: 'cook@example.test',
      password: 'Cook-password-1',
      job: 'Chef',
    });
    assert.equal(joined.user.job, 'Chef', 'register.allowedFields lists job: registration takes it');
    captures.push({
      name: 'joined',
      call: "cms.auth.register({ username: 'cook', email: 'cook@example.test', password: 'Cook-password-1', job: 'Chef' })",
      value: joined,
    });
    await read('everyUserLink', "cms.users.find({ populate: '*' })", (client) =>
      client.users.find({ populate: '*' }),
    );
    assert.deepEqual(await checkCaptures(project, captures), []);
  });
});
