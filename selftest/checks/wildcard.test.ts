import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { matchesWildcard, matchesWildcardAnywhere, matchesWildcardExactCase } from '../../harness/oracles';
import { MockClient } from '../mock/client';

/**
 * The harness's wildcard matchers find the pattern's pieces one by one; the single expressions they replaced,
 * kept here only as the reference, decide the same on every short pattern and value (letter case folded as
 * the `i` flag without `u` folds it). And a title pattern with 30 stars that matches nothing is answered by
 * the mock and judged by the harness at once, where the expression `^.*.*…zzzq$` never ended.
 */
const reference = (value: string, pattern: string, flags: string, anchored: boolean) => {
  const body = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return (anchored ? new RegExp(`^${body}$`, flags) : new RegExp(body, flags)).test(value);
};
const MATCHERS = [
  ['matchesWildcard', matchesWildcard, 'is', true],
  ['matchesWildcardExactCase', matchesWildcardExactCase, 's', true],
  ['matchesWildcardAnywhere', matchesWildcardAnywhere, 'is', false],
] as const;

const UNITS = ['a', 'A', 'b', 'B', 'k', 'K', '\u212a', 's', 'S', '\u017f', '\u00df', 'SS', 'i', 'I', '\u0130', '\u0131', '.', '\\', '?', '\n', '\ud83d', '\ude00', '\ud83d\ude00', ' '];
/** Words of many characters, or of three (where pieces overlap and repeat often). */
const word = (extra: string[]) =>
  fc.oneof(...[UNITS, ['a', 'A', 'b']].map((units) => fc.array(fc.constantFrom(...units, ...extra), { maxLength: 8 }).map((parts) => parts.join(''))));

const STARS = `${'*'.repeat(30)}zzzq`;

describe('harness: wildcard matching', () => {
  it('agrees with the one expression on short patterns and values, with or without stars', () => {
    fc.assert(
      fc.property(word(['*', '*']), fc.array(word([]), { minLength: 1, maxLength: 4 }), (pattern, values) => {
        for (const value of [...values, pattern.replaceAll('*', ''), pattern.replaceAll('*', 'x').toUpperCase()]) {
          for (const [name, matches, flags, anchored] of MATCHERS) {
            assert.equal(matches(value, pattern), reference(value, pattern, flags, anchored), `${name}(${JSON.stringify(value)}, ${JSON.stringify(pattern)})`);
          }
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('a value that is not text matches nothing', () => {
    for (const [, matches] of MATCHERS) assert.equal(matches(42, '*'), false);
  });

  describe('30 stars and a tail no title has', () => {
    let client: MockClient;
    before(async () => {
      client = await MockClient.start({ clock: { start: '2025-06-15 12:00:00', speed: 0 } });
    });
    after(() => client.close());

    it('the mock answers at once', async () => {
      const query = { title: STARS, status: ['draft', 'scheduled', 'sent'], dateSentStart: '2024-01-01 00:00:00', rpp: 250 };
      await client.get('/emails/search', { status: 'sent' }); // warm: the first request of a mock pays its start
      const started = performance.now();
      const answer = await client.get('/emails/search', query);
      const took = performance.now() - started;
      console.log(`mock answered emails/search?title=<30 stars>zzzq in ${took.toFixed(1)} ms`);
      assert.equal(answer.body.success, 1, JSON.stringify(answer.body));
      assert.deepEqual(answer.body.data.records, []);
      assert.ok(took < 1000, `${took} ms`);
    });

    it("the harness's matchers judge every title at once", async () => {
      const titles = (await client.all('/emails/search', { status: ['draft', 'scheduled', 'sent'], dateSentStart: '2024-01-01 00:00:00' })).map((email) => email.title);
      assert.ok(titles.length > 50, `${titles.length} titles`);
      for (const [name, matches] of MATCHERS) {
        const started = performance.now();
        assert.ok(titles.every((title) => !matches(title, STARS)));
        const took = performance.now() - started;
        console.log(`${name}: ${titles.length} titles against <30 stars>zzzq in ${took.toFixed(2)} ms`);
        assert.ok(took < 1000, `${name}: ${took} ms`);
      }
    });
  });
});
