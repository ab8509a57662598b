import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createResponseValidator, loadProfile, loadSpec, type Outcome, type ResponseValidator } from '../../harness/contract';
import type { OperationKey, ValidationReport } from '../../harness/types';
import { DEVIATIONS, REMOVE, changed, type ProfileName } from './deviations';
import * as sample from './samples';
import { restPointer, toRest } from './to-rest';

const validators: Record<ProfileName, ResponseValidator> = {
  service: createResponseValidator(loadProfile('service')),
  rest: createResponseValidator(loadProfile('rest')),
};

type Body = Record<string, unknown>;

/** The body as the profile represents it (service bodies are the samples' own representation). */
function represented(profile: ProfileName, body: Body, outcome: Outcome): unknown {
  return profile === 'service' ? body : toRest(body, outcome);
}

const CLEAN: ValidationReport = { issues: [], tolerated: [] };

describe('conforming values pass', () => {
  const samples = sample.componentSamples();

  it('every component schema has a sample', () => {
    assert.deepEqual(Object.keys(samples).sort(), Object.keys(loadSpec().components?.schemas ?? {}).sort());
  });

  for (const [name, value] of Object.entries(samples)) {
    it(`${name} sample passes`, () => assert.deepEqual(validators.service.validateValue(name, value), CLEAN));
  }

  const responses: [string, OperationKey, Outcome, () => Body][] = [
    ['ping', 'helper.ping', 'success', () => sample.serviceSuccess(sample.ping())],
    ['groups page', 'groups.search', 'success', sample.groupsPage],
    ['last groups page (no next)', 'groups.search', 'success', changed(sample.groupsPage, { '/data/paging/next': '' })],
    ['emails page', 'emails.search', 'success', sample.emailsPage],
    ['draft email without dateSent', 'emails.search', 'success', changed(sample.emailsPage, { '/data/records/0/dateSent': REMOVE })],
    ['import with a failed row', 'contacts.import', 'success', () => sample.serviceSuccess(sample.importResponse())],
    ['successful row without an errors key', 'contacts.import', 'success', changed(() => sample.serviceSuccess(sample.importResponse()), { '/data/contactResults/0/errors': REMOVE })],
    ['export request', 'exports.emails', 'success', () => sample.serviceSuccess(sample.exportRequest())],
    ['pending job', 'exports.jobStatus', 'success', () => sample.serviceSuccess(sample.pendingJob())],
    ['completed job', 'exports.jobStatus', 'success', () => sample.serviceSuccess(sample.completedJob())],
    ['failed job', 'exports.jobStatus', 'error', () => ({ ...sample.serviceFailure(), data: { status: 'Failed' } })],
    ['refused search', 'groups.search', 'error', sample.serviceFailure],
    ['retired endpoint refusal', 'login.applicationAccessToken', 'error', sample.serviceFailure],
  ];
  for (const profile of ['service', 'rest'] as const) {
    for (const [name, op, outcome, body] of responses) {
      it(`${profile}: ${name} passes`, () => {
        assert.deepEqual(validators[profile].validateResponse(op, represented(profile, body(), outcome), outcome), CLEAN);
      });
    }
  }

  it('an export file (binary) is not validated as JSON', () => {
    assert.deepEqual(validators.service.validateResponse('exports.getFile', Buffer.from('PK'), 'success'), CLEAN);
  });
});

describe('deviations fail with an issue naming the pointer', () => {
  it('at least 25 hand-built deviations', () => assert.ok(DEVIATIONS.length >= 25, `${DEVIATIONS.length}`));

  for (const deviation of DEVIATIONS) {
    for (const profile of deviation.profiles) {
      it(`${profile}: ${deviation.name}`, () => {
        const body = deviation.representation === profile ? deviation.body() : represented(profile, deviation.body(), deviation.outcome);
        const pointer = profile === deviation.representation ? deviation.pointer : restPointer(deviation.pointer);
        const constraint = profile === 'rest' && deviation.keyword === 'format'
          ? deviation.constraint.replace('YYYY-MM-DD HH:MM:SS', 'RFC 3339 date-time, e.g. 2013-02-12T02:42:00Z')
          : deviation.constraint;
        const { issues } = validators[profile].validateResponse(deviation.op, body, deviation.outcome);
        const issue = issues.find((i) => i.pointer === pointer && i.keyword === deviation.keyword);
        assert.ok(issue, `no ${deviation.keyword} issue at ${pointer}; issues: ${JSON.stringify(issues)}`);
        assert.equal(issue.rule, deviation.rule);
        assert.equal(issue.constraint, constraint);
        assert.ok(issue.message.startsWith(`${pointer}: `), issue.message);
      });
    }
  }

  it('an issue carries the actual value found', () => {
    const body = changed(sample.groupsPage, { '/data/records/1/totalMembers': '12' })();
    const [issue] = validators.service.validateResponse('groups.search', body, 'success').issues;
    assert.deepEqual(issue, {
      rule: 'schema.groups.search',
      pointer: '/data/records/1/totalMembers',
      keyword: 'type',
      constraint: 'type: integer',
      actual: '12',
      message: '/data/records/1/totalMembers: expected type: integer, found "12"',
    });
  });
});

describe('quirks', () => {
  const ABSENT_EMAIL_FIELDS = ['dateSent', 'templateID', 'parentEmailID', 'abSplitID', 'schedule/dateScheduled'].map((f) => `/data/records/0/${f}`);
  const quirky: [string, OperationKey, () => Body, [string, string, unknown][]][] = [
    ['group', 'groups.search', changed(sample.groupsPage, {
      '/data/records/0/private': 1,
      '/data/records/0/userID': '',
      '/data/records/0/autoResponseEmailID': '',
      '/data/records/1/dateLastEmailSent': '',
    }), [
      ['booleanAsZeroOne', '/data/records/0/private', 1],
      ['emptyStringForAbsent', '/data/records/0/userID', ''],
      ['emptyStringForAbsent', '/data/records/0/autoResponseEmailID', ''],
      ['emptyStringForAbsent', '/data/records/1/dateLastEmailSent', ''],
    ]],
    ['draft email', 'emails.search', changed(sample.emailsPage, Object.fromEntries(ABSENT_EMAIL_FIELDS.map((f) => [f, '']))),
      ABSENT_EMAIL_FIELDS.map((f) => ['emptyStringForAbsent', f, ''])],
    ['failed import row', 'contacts.import', changed(() => sample.serviceSuccess(sample.importResponse()), { '/data/contactResults/1/contactID': '' }), [
      ['emptyStringForAbsent', '/data/contactResults/1/contactID', ''],
    ]],
    ['running job', 'exports.jobStatus', () => sample.serviceSuccess({ status: 'In Progress', fileKey: '', fileExpiration: '', totalRecords: '' }), [
      ['emptyStringForAbsent', '/data/fileExpiration', ''],
      ['emptyStringForAbsent', '/data/totalRecords', ''],
    ]],
  ];

  for (const [name, op, body, expected] of quirky) {
    it(`service: ${name} quirks are tolerated and recorded`, () => {
      const report = validators.service.validateResponse(op, body(), 'success');
      assert.deepEqual(report.issues, []);
      assert.deepEqual(report.tolerated.map((t) => [t.quirk, t.pointer, t.actual]).sort(), [...expected].sort());
      for (const t of report.tolerated) {
        assert.equal(t.rule, t.constraint.startsWith('format: ems-') ? 'envelope.datetime-format' : `schema.${op}`);
      }
    });

    it(`rest: ${name} quirks are issues (the profile declares none)`, () => {
      const report = validators.rest.validateResponse(op, toRest(body(), 'success'), 'success');
      assert.deepEqual(report.tolerated, []);
      assert.deepEqual(report.issues.map((i) => i.pointer).sort(), expected.map(([, p]) => restPointer(p)).sort());
    });
  }

  it('a tolerated quirk records the documented constraint', () => {
    const body = changed(sample.groupsPage, { '/data/records/0/dateLastEmailSent': '' })();
    assert.deepEqual(validators.service.validateResponse('groups.search', body, 'success').tolerated, [{
      quirk: 'emptyStringForAbsent',
      rule: 'envelope.datetime-format',
      pointer: '/data/records/0/dateLastEmailSent',
      actual: '',
      constraint: 'format: ems-datetime (YYYY-MM-DD HH:MM:SS)',
    }]);
  });

  it('"" for a required date never set (dateAdded, a required field) is the tolerated quirk, never a datetime-format fail', () => {
    const body = changed(sample.groupsPage, { '/data/records/0/dateAdded': '' })();
    const report = validators.service.validateResponse('groups.search', body, 'success');
    assert.deepEqual(report.issues, []);
    assert.deepEqual(report.tolerated.map((t) => [t.quirk, t.rule, t.pointer]), [['emptyStringForAbsent', 'envelope.datetime-format', '/data/records/0/dateAdded']]);
    const rest = validators.rest.validateResponse('groups.search', toRest(body, 'success'), 'success');
    assert.deepEqual(rest.issues.map((i) => [i.rule, i.pointer]), [['envelope.datetime-format', restPointer('/data/records/0/dateAdded')]]);
  });

  it('"" in a required field that is neither a date nor a reference is never tolerated', () => {
    const body = changed(sample.groupsPage, { '/data/records/0/groupID': '', '/data/records/0/totalMembers': '' })();
    const report = validators.service.validateResponse('groups.search', body, 'success');
    assert.deepEqual(report.tolerated, []);
    assert.deepEqual(report.issues.map((i) => i.pointer).sort(), ['/data/records/0/groupID', '/data/records/0/totalMembers']);
  });

  it('"1" (a string) where a boolean is documented is not the 0/1 quirk', () => {
    const body = changed(sample.groupsPage, { '/data/records/0/private': '1' })();
    assert.equal(validators.service.validateResponse('groups.search', body, 'success').issues.length, 1);
  });
});
