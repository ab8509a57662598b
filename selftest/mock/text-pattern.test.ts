import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { likeExpression } from '../../mock/like-pattern';
import { textMatcher } from '../../mock/text-pattern';

/**
 * The mock's title/subject matcher and its LIKE fault match piece by piece; the single expressions they
 * replaced, kept here only as the reference, decide the same on every short pattern and value: the same
 * anchoring, and letter case folded as the `i` flag without `u` folds it (ß, the Kelvin sign, the long s,
 * dotted I, lone surrogates).
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const referenceText = (pattern: string, caseSensitive: boolean, unanchored: boolean) => {
  const source = pattern.split('*').map(escape).join('.*');
  const expression = new RegExp(unanchored ? source : `^${source}$`, caseSensitive ? 's' : 'is');
  return (text: string) => expression.test(text);
};
const referenceLike = (text: string, caseSensitive: boolean) => {
  const source = [...text].map((char) => (char === '%' ? '.*' : char === '_' ? '.' : escape(char))).join('');
  const expression = new RegExp(source, caseSensitive ? 's' : 'is');
  return (name: string) => expression.test(name);
};

const UNITS = ['a', 'A', 'b', 'B', 'k', 'K', '\u212a', 's', 'S', '\u017f', '\u00df', 'SS', 'i', 'I', '\u0130', '\u0131', '.', '\\', '?', '\n', '\ud83d', '\ude00', '\ud83d\ude00', ' '];
/** Words of many characters, or of three (where pieces overlap and repeat often). */
const word = (extra: string[]) =>
  fc.oneof(...[UNITS, ['a', 'A', 'b']].map((units) => fc.array(fc.constantFrom(...units, ...extra), { maxLength: 8 }).map((parts) => parts.join(''))));

describe('mock: text patterns', () => {
  it('a pattern with * matches as the one expression did, anchored or not, in either case mode', () => {
    fc.assert(
      fc.property(word(['*', '*']).filter((pattern) => pattern.includes('*')), fc.array(word([]), { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean(), (pattern, values, caseSensitive, unanchored) => {
        const matcher = textMatcher(pattern, false, caseSensitive, unanchored);
        const reference = referenceText(pattern, caseSensitive, unanchored);
        for (const value of [...values, pattern.replaceAll('*', ''), pattern.replaceAll('*', 'x').toUpperCase()]) {
          assert.equal(matcher(value), reference(value), `${JSON.stringify(pattern)} on ${JSON.stringify(value)}`);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('the LIKE fault matches as the one expression did', () => {
    fc.assert(
      fc.property(word(['%', '%', '_']), fc.array(word([]), { minLength: 1, maxLength: 4 }), fc.boolean(), (pattern, values, caseSensitive) => {
        const matcher = likeExpression(pattern, caseSensitive);
        const reference = referenceLike(pattern, caseSensitive);
        for (const value of [...values, pattern.replace(/[%_]/g, 'q')]) {
          assert.equal(matcher(value), reference(value), `${JSON.stringify(pattern)} on ${JSON.stringify(value)}`);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('known answers', () => {
    assert.ok(textMatcher('spring*sale')('Spring Big SALE'));
    assert.ok(!textMatcher('spring*sale')('The Spring sale'));
    assert.ok(textMatcher('spring*sale', false, false, true)('The Spring sale!'));
    assert.ok(!textMatcher('Spring*', false, true)('spring sale'));
    assert.ok(textMatcher('a*a')('aa') && !textMatcher('aa*aa')('aaa'));
    assert.ok(likeExpression('s_r%g', false)('a SPRing') && !likeExpression('s_r%g', false)('sprin'));
  });

  it('30 stars and a tail that is not there: decided at once', () => {
    const value = 'a'.repeat(200);
    for (const [name, match] of [
      ['title', textMatcher(`${'*'.repeat(30)}zzzq`)],
      ['title, any part', textMatcher(`${'a*'.repeat(30)}zzzq`, false, false, true)],
      ['LIKE', likeExpression(`${'%_'.repeat(30)}zzzq`, false)],
    ] as const) {
      const started = performance.now();
      assert.equal(match(value), false);
      const took = performance.now() - started;
      console.log(`mock ${name} matcher, 30 wildcards, 200 characters: ${took.toFixed(2)} ms`);
      assert.ok(took < 1000, `${name}: ${took} ms`);
    }
  });
});
