/**
 * The model's reading of the search filters: what a request asks (defaults, spellings, applicability) and
 * which records the documents forbid, allow or leave open, for both searches.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dateSentFilter, emailsSearchFilters, forbiddenBy, groupsSearchFilters, required } from '../../harness/model';

const target = { profile: { datetime: { format: 'YYYY-MM-DD HH:mm:ss' } } } as never;

describe('emails/search filters', () => {
  const { deliveryType, status, title, parentEmailID } = emailsSearchFilters;

  test('should ask manual and sent of a search that leaves deliveryType and status out', () => {
    assert.equal(deliveryType.asked({}), 'manual');
    assert.deepEqual(status.asked({}), ['sent']);
    assert.equal(deliveryType.asked({ deliveryType: 'AUTOMATED' }), 'automated');
    assert.equal(deliveryType.asked({ deliveryType: 'bogus' }), undefined);
  });

  test('should apply status to manual searches only, and say nothing of an email of another type', () => {
    assert.equal(status.asked({ deliveryType: 'automated', status: ['draft'] }), undefined);
    assert.deepEqual(status.asked({ deliveryType: 'manual', status: 'draft,sent' }), ['draft', 'sent']);
    assert.equal(status.asked({ status: ['draft', 'bogus'] }), undefined);
    assert.equal(status.admits({ deliveryType: 'Manual', status: 'Sent' }, ['sent']), true);
    assert.equal(status.admits({ deliveryType: 'Manual', status: 'Draft' }, ['sent']), false);
    assert.equal(status.admits({ deliveryType: 'Automated', status: 'Draft' }, ['sent']), undefined);
  });

  test('should read * as the only wildcard, anywhere and letter case aside, and require a match as written', () => {
    assert.equal(title.admits({ title: 'Spring Big Sale' }, 'spring*sale'), true);
    assert.equal(title.admits({ title: 'Spring Sale' }, 'Spring?Sale'), false);
    assert.equal(title.admits({ title: 'abc' }, 'a.c'), false);
    assert.equal(required(title, { title: 'Spring Big Sale' }, 'spring*sale'), false);
    assert.equal(required(title, { title: 'Spring Big Sale' }, 'Spring*Sale'), true);
  });

  test('should leave an automated summary and an unsent email out of the window', () => {
    const window = dateSentFilter(target);
    assert.equal(window.asked({ deliveryType: 'automated', dateSentStart: '2026-01-01 00:00:00' }), undefined);
    const bounds = window.asked({ deliveryType: 'automated', automatedResults: 'detail', dateSentStart: '2026-01-01 00:00:00' })!;
    assert.equal(window.admits({ status: 'Sent', dateSent: '2025-12-31 23:59:59' }, bounds), false);
    assert.equal(window.admits({ status: 'Sent', dateSent: '2026-01-01 00:00:00' }, bounds), true);
    assert.equal(window.admits({ status: 'Draft', dateSent: '2025-01-01 00:00:00' }, bounds), undefined);
    assert.equal(window.asked({ dateSentStart: '2026-01-01' }), undefined, 'a bare date bound is not read as a moment');
  });

  test('should name the first filter a record breaks among all a search asked', () => {
    const filters = Object.values(emailsSearchFilters);
    const params = { deliveryType: 'automated', parentEmailID: 7 };
    assert.equal(forbiddenBy(filters, params, { deliveryType: 'Automated', parentEmailID: 7 }), undefined);
    assert.equal(forbiddenBy(filters, params, { deliveryType: 'Automated', parentEmailID: 8 })?.filter, parentEmailID);
    assert.equal(forbiddenBy(filters, params, { deliveryType: 'Manual', parentEmailID: 7 })?.filter, deliveryType);
  });
});

describe('groups/search filters', () => {
  const { status, type, groupName, private: privateFilter, userID } = groupsSearchFilters;

  test('should ask Active and All of a search that leaves status and type out', () => {
    assert.equal(status.asked({}), 'Active');
    assert.equal(type.asked({}), 'All');
    assert.equal(status.admits({ status: 'Archived' }, 'Active'), false);
    assert.equal(status.admits({ status: 'Archived' }, 'All'), true);
  });

  test('should allow a name containing the fragment in any letter case, and require it as written', () => {
    assert.equal(groupName.admits({ groupName: 'News VIP' }, 'vip'), true);
    assert.equal(groupName.admits({ groupName: 'News' }, 'vip'), false);
    assert.equal(required(groupName, { groupName: 'News VIP' }, 'vip'), false);
    assert.equal(required(groupName, { groupName: 'News VIP' }, 'VIP'), true);
  });

  test('should leave what private=1 and another user\'s groups are to the target', () => {
    assert.equal(privateFilter.admits({ private: true }, true), undefined);
    assert.equal(privateFilter.admits({ private: true }, false), false);
    assert.equal(userID.admits({ userID: 9 }, 3), undefined);
    assert.equal(required(userID, { userID: 3 }, 3), true);
  });
});
