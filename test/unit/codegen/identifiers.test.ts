import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  camelCase,
  compareCodeUnits,
  isSafeIdentifier,
  jsdocText,
  pascalCase,
  propertyKey,
  stringLiteral,
  toIdentifier,
  typeName,
  Uniquifier,
  words,
} from '../../../src/codegen/identifiers.ts';

function table<Given, Want>(
  name: string,
  fn: (given: Given) => Want,
  cases: [string, { given: Given; want: Want }][],
): void {
  describe(name, () => {
    for (const [label, { given, want }] of cases) it(label, () => assert.deepEqual(fn(given), want));
  });
}

table('words', words, [
  ['splits on dashes', { given: 'blog-post', want: ['blog', 'post'] }],
  [
    'splits on dots, colons and underscores',
    { given: 'plugin::users_permissions.user', want: ['plugin', 'users', 'permissions', 'user'] },
  ],
  ['keeps inner capitals', { given: 'BlogPost', want: ['BlogPost'] }],
  ['drops non-ASCII characters', { given: 'café-😀-שלום', want: ['caf'] }],
  ['nothing left', { given: '-- ✨ --', want: [] }],
]);

table('pascalCase', pascalCase, [
  ['kebab', { given: 'blog-post', want: 'BlogPost' }],
  ['component uid', { given: 'shared.seo', want: 'SharedSeo' }],
  ['plugin and name', { given: 'users-permissions-user', want: 'UsersPermissionsUser' }],
  ['snake', { given: 'blog_post', want: 'BlogPost' }],
  ['already Pascal', { given: 'BlogPost', want: 'BlogPost' }],
  ['keeps acronyms', { given: 'URL', want: 'URL' }],
  ['digits stay', { given: '3d-model', want: '3dModel' }],
  ['empty', { given: '', want: '' }],
]);

table('camelCase', camelCase, [
  ['plural', { given: 'blog-posts', want: 'blogPosts' }],
  ['single word', { given: 'articles', want: 'articles' }],
  ['Pascal input', { given: 'SiteSetting', want: 'siteSetting' }],
  ['empty', { given: '', want: '' }],
]);

table('isSafeIdentifier', isSafeIdentifier, [
  ['plain', { given: 'title', want: true }],
  ['dollar and underscore', { given: '_$x1', want: true }],
  ['dash', { given: 'my-field', want: false }],
  ['leading digit', { given: '1st', want: false }],
  ['reserved word', { given: 'class', want: false }],
  ['contextual keyword', { given: 'readonly', want: false }],
  ['non-ASCII', { given: 'café', want: false }],
  ['empty', { given: '', want: false }],
]);

table('toIdentifier', (given: string) => toIdentifier(given), [
  ['valid stays', { given: 'title', want: 'title' }],
  ['invalid characters become _', { given: 'a-b c', want: 'a_b_c' }],
  ['leading digit', { given: '1st', want: '_1st' }],
  ['reserved word', { given: 'default', want: 'default_' }],
  ['__proto__ is a valid identifier', { given: '__proto__', want: '__proto__' }],
  ['empty', { given: '', want: '_' }],
  ['only punctuation', { given: '*/', want: '_' }],
  ['emoji', { given: '😀', want: '_' }],
]);

table('typeName', typeName, [
  ['kebab', { given: 'blog-post', want: 'BlogPost' }],
  ['leading digit', { given: '3d-model', want: '_3dModel' }],
  ['nothing usable', { given: '✨', want: 'Unnamed' }],
  ['hostile', { given: '"; export const x = 1; //', want: 'ExportConstX1' }],
]);

table('propertyKey', propertyKey, [
  ['identifier stays bare', { given: 'title', want: 'title' }],
  ['dash is quoted', { given: 'my-field', want: "'my-field'" }],
  ['reserved word is quoted', { given: 'class', want: "'class'" }],
  ['double quotes stay, backslashes are escaped', { given: 'a"b\\c', want: "'a\"b\\\\c'" }],
  ['single quotes are escaped', { given: "it's", want: "'it\\'s'" }],
  ['newline is escaped', { given: 'a\nb', want: "'a\\nb'" }],
  ['lone surrogate is escaped', { given: 'x\ud800', want: "'x\\ud800'" }],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax as data
  ['template syntax stays literal', { given: '${x}`', want: "'${x}`'" }],
  ['empty', { given: '', want: "''" }],
]);

table('stringLiteral', stringLiteral, [
  ['plain', { given: 'news', want: "'news'" }],
  ['a single quote is escaped', { given: "it's", want: "'it\\'s'" }],
  ['a double quote needs no escape', { given: 'say "hi"', want: `'say "hi"'` }],
  ['an escaped quote before a quote', { given: '\\\'"', want: "'\\\\\\'\"'" }],
]);

describe('stringLiteral round trip', () => {
  it('every literal is one JavaScript string token that evaluates to the input', () => {
    const samples = [
      '',
      "'",
      '"',
      '\\',
      "\\'",
      '\\"',
      '\n\r\t\u2028\u2029',
      'x\ud800y',
      '\udc00',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax as data
      '`${a}`',
      '*/\'"',
      '😀',
    ];
    for (const value of samples) {
      const literal = stringLiteral(value);
      assert.match(literal, /^'[^\n]*'$/s, `one line, single-quoted: ${literal}`);
      assert.equal(new Function(`return ${literal};`)(), value, `round trip of ${JSON.stringify(value)}`);
    }
  });
});

table('jsdocText', jsdocText, [
  ['plain', { given: 'Blog post', want: 'Blog post' }],
  ['breaks a comment end', { given: 'a */ b', want: 'a *\\/ b' }],
  ['breaks every comment end', { given: '**/*/', want: '**\\/*\\/' }],
  ['newlines and tabs become spaces', { given: 'a\r\n\tb', want: 'a b' }],
  ['line separators become spaces', { given: 'a\u2028b\u2029c', want: 'a b c' }],
  ['NUL and C1 controls become spaces', { given: 'a\u0000b\u0085c', want: 'a b c' }],
  ['a comment end split by a newline stays split', { given: '*\n/', want: '* /' }],
  ['lone surrogate becomes U+FFFD', { given: 'x\udc00y', want: 'x\ufffdy' }],
  ['emoji pair stays', { given: 'x😀', want: 'x😀' }],
  ['trims', { given: '  x  ', want: 'x' }],
  ['trims one space at either end', { given: ' x y ', want: 'x y' }],
  ['collapses two spaces', { given: 'a  b', want: 'a b' }],
  [
    'a no-break space, an ideographic space and a BOM are whitespace',
    { given: '\ufeffa\u00a0b\u3000c', want: 'a b c' },
  ],
]);

describe('Uniquifier', () => {
  it('hands out a free name unchanged and numbers the next ones', () => {
    const names = new Uniquifier();
    assert.deepEqual(
      ['BlogPost', 'BlogPost', 'BlogPost', 'Tag'].map((n) => names.claim(n)),
      ['BlogPost', 'BlogPost2', 'BlogPost3', 'Tag'],
    );
  });

  it('never hands out a reserved name', () => {
    const names = new Uniquifier(['Record', 'Record2']);
    assert.equal(names.claim('Record'), 'Record3');
  });

  it('skips a numbered name that is already taken', () => {
    const names = new Uniquifier(['Tag2']);
    assert.deepEqual([names.claim('Tag'), names.claim('Tag')], ['Tag', 'Tag3']);
  });

  it('claims a group together, moving every member when one is taken', () => {
    const names = new Uniquifier();
    const group = ['', 'Populatable', 'Input'];
    assert.equal(names.claimGroup('ArticleInput', group), 'ArticleInput');
    assert.equal(names.claimGroup('Article', group), 'Article2');
    assert.ok(names.has('Article2Input') && names.has('Article2Populatable'));
    assert.ok(!names.has('Article'));
  });

  it('is deterministic for the same claim order', () => {
    const run = () => {
      const names = new Uniquifier(['X']);
      return ['X', 'Y', 'X', 'Y', 'X2'].map((n) => names.claim(n));
    };
    assert.deepEqual(run(), run());
    assert.deepEqual(run(), ['X2', 'Y', 'X3', 'Y2', 'X22']);
  });
});

describe('compareCodeUnits', () => {
  it('sorts by code units, not by locale', () => {
    assert.deepEqual(['b', 'B', 'a', 'é', 'A'].sort(compareCodeUnits), ['A', 'B', 'a', 'b', 'é']);
  });
});
