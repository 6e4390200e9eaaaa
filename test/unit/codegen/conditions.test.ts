/**
 * Conditional fields: a `conditions.visible` rule (JSON-Logic) as the sentence the generated doc
 * comment shows, with the JSON itself for what is more than comparisons joined by and/or.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conditionDoc, describeRule, visibleRule } from '../../../src/codegen/conditions.ts';
import { emitTypes } from '../../../src/codegen/emit-types.ts';
import { buildModel } from '../../../src/codegen/model.ts';

describe('conditions', () => {
  it('reads only the visible rule', () => {
    const rule = { '==': [{ var: 'type' }, 'external'] };
    assert.deepEqual(visibleRule({ visible: rule }), rule);
    assert.equal(visibleRule({ other: rule }), undefined);
    assert.equal(visibleRule(undefined), undefined);
    assert.equal(visibleRule([rule]), undefined);
  });

  it('renders comparisons, lists, and/or readably', () => {
    assert.equal(describeRule({ '==': [{ var: 'type' }, 'external'] }), '`type` is `external`');
    assert.equal(describeRule({ '!==': ['draft', { var: 'state' }] }), '`state` is not `draft`');
    assert.equal(describeRule({ '>': [{ var: 'count' }, 3] }), '`count` is above `3`');
    assert.equal(describeRule({ in: [{ var: 'kind' }, ['a', 'b']] }), '`kind` is one of `a`, `b`');
    assert.equal(describeRule({ '!!': [{ var: 'url' }] }), '`url` is set');
    assert.equal(
      describeRule({ and: [{ '==': [{ var: 'a' }, true] }, { '!=': [{ var: 'b' }, null] }] }),
      '`a` is `true` and `b` is not `null`',
    );
  });

  it('falls back to the JSON for anything else', () => {
    const rule = { if: [{ var: 'a' }, true, false] };
    assert.equal(describeRule(rule), `the rule \`${JSON.stringify(rule)}\` holds`);
    assert.equal(
      describeRule({ '==': [{ var: 'a' }, { var: 'b' }] }),
      `the rule \`{"==":[{"var":"a"},{"var":"b"}]}\` holds`,
    );
  });

  it('says when a required field is present, and when an optional one is shown', () => {
    const rule = { '==': [{ var: 'type' }, 'external'] };
    assert.equal(
      conditionDoc(rule, true),
      'Present when `type` is `external` (Strapi requires it only then); otherwise it may be null.',
    );
    assert.equal(conditionDoc(rule, false), 'Shown when `type` is `external`.');
  });

  it('the generated doc comment carries it, escaped', () => {
    const output = emitTypes(
      buildModel({
        format: 2,
        routes: [],
        definitions: {},
        contentTypes: {},
        components: {
          'shared.link': {
            uid: 'shared.link',
            category: 'shared',
            displayName: 'Link',
            attributes: {
              type: { type: 'enumeration', enum: ['internal', 'external'] },
              href: {
                type: 'string',
                required: true,
                conditions: { visible: { '==': [{ var: 'type' }, 'a*/b'] } },
              },
            },
          },
        },
        auth: null,
      }),
    );
    assert.ok(
      output.includes(
        '  /** Present when `type` is `a*\\/b` (Strapi requires it only then); otherwise it may be null. */\n  href: string | null;',
      ),
    );
    assert.ok(output.includes('  href?: string | null;'));
  });
});
