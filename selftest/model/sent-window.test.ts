/**
 * The dateSent window a request asked for, against the documented limit, as the fit judges read it: a bound not
 * sent stands where every catalogued reading of its default puts it (emails.default-end: the start of the current
 * GMT day, now, or its end), so a refusal a reading allows never fails a rule, and a window the documents promise
 * stays within.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sentWindow, windowStanding } from '../../harness/model';

const target = { profile: { datetime: { format: 'YYYY-MM-DD HH:mm:ss' } } } as never;
const startedAt = Date.parse('2026-12-08T10:00:00Z');
const request = (params: Record<string, unknown>) => ({ op: 'emails.search', method: 'GET', params, startedAt }) as never;
const standing = (params: Record<string, unknown>) => windowStanding(sentWindow(request(params), target));

describe('the sent dateSent window', () => {
  test('should be unclear when dateSentStart lies later in the current day and dateSentEnd defaults (a start-of-day default end is before it)', () => {
    assert.equal(standing({ dateSentStart: '2026-12-08 09:00:00' }), 'unclear');
    assert.equal(standing({ dateSentStart: '2026-12-08 10:00:00' }), 'unclear');
  });

  test('should be within when dateSentStart lies before the current day and dateSentEnd defaults', () => {
    assert.equal(standing({ dateSentStart: '2026-12-07 23:59:59' }), 'within');
    assert.equal(standing({ dateSentStart: '2026-09-01 00:00:00' }), 'within');
    assert.equal(standing({}), 'within');
  });

  test('should stand by both bounds when both are sent: within, backwards unclear, past the 18 months outside', () => {
    assert.equal(standing({ dateSentStart: '2026-12-08 09:00:00', dateSentEnd: '2026-12-08 09:30:00' }), 'within');
    assert.equal(standing({ dateSentStart: '2026-12-08 09:00:00', dateSentEnd: '2026-12-08 08:00:00' }), 'unclear');
    assert.equal(standing({ dateSentStart: '2024-01-01 00:00:00', dateSentEnd: '2026-01-01 00:00:00' }), 'outside');
  });

  test('should be outside when a defaulted end lies past the limit under every reading', () => {
    assert.equal(standing({ dateSentStart: '2024-01-01 00:00:00' }), 'outside');
  });
});
