import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createResponseValidator, listBuiltInProfiles, loadProfile, loadSpec } from '../../harness/contract';
import { changed } from './deviations';
import { groupsPage } from './samples';

/** Asserts that loading throws exactly one line matching `expected`. */
function assertOneLineError(load: () => unknown, expected: RegExp): void {
  assert.throws(load, (error: Error) => {
    assert.match(error.message, expected);
    assert.ok(!error.message.includes('\n'), `more than one line: ${error.message}`);
    return true;
  });
}

describe('built-in profiles', () => {
  it('are service (the default), problem-json and rest', () => assert.deepEqual(listBuiltInProfiles(), ['service', 'problem-json', 'rest']));

  it('load by name and validate', () => {
    for (const name of listBuiltInProfiles()) assert.equal(loadProfile(name).name, name);
  });

  it('the default is service', () => assert.equal(loadProfile().name, 'service'));

  it('name envelope schemas that exist in the spec', () => {
    const schemas = loadSpec().components?.schemas ?? {};
    for (const name of listBuiltInProfiles()) {
      for (const schema of Object.values(loadProfile(name).envelope)) assert.ok(schema && schema in schemas, `${name}: ${schema}`);
    }
  });

  it('service: the real service conventions', () => {
    const p = loadProfile('service');
    assert.deepEqual(p.outcome, { successStatus: '200', errorStatus: '200', successPointer: '/success', successValue: 1, codePointer: '/code', errorsPointer: '/errors' });
    assert.deepEqual(p.envelope, { success: 'ServiceEnvelope', error: 'ServiceEnvelope' });
    assert.equal(p.pointers.payload, '/data');
    assert.equal(p.pointers.paging.rpp, '/paging/rpp');
    assert.deepEqual(p.request, { booleans: '01', queryArrays: 'repeat' });
    assert.deepEqual(p.quirks, { emptyStringForAbsent: true, booleanAsZeroOne: true });
    assert.deepEqual(p.auth, { header: 'Authorization', prefix: 'Bearer ' });
    assert.equal(p.exportFile.delimiter, '\t');
    assert.equal(p.exportFile.lineEnding, '\r\n');
  });

  it('rest: plain REST conventions', () => {
    const p = loadProfile('rest');
    assert.deepEqual(p.outcome, { successStatus: '2xx', errorStatus: '4xx', codePointer: '/error/code', errorsPointer: '/error/messages' });
    assert.deepEqual(p.envelope, { error: 'RestError' });
    assert.deepEqual(p.pointers.paging, { page: '/page', rpp: '/perPage', totalPages: '/totalPages', totalRecords: '/total', next: '/next', prev: '/prev' });
    assert.equal(p.pointers.records, '/items');
    assert.equal(p.datetime.format, 'iso8601');
    assert.deepEqual(p.quirks, { emptyStringForAbsent: false, booleanAsZeroOne: false });
  });

  it('problem-json: rest with RFC 9457 errors, rest\'s error envelope switched off', () => {
    const p = loadProfile('problem-json');
    assert.equal(p.extends, 'rest');
    assert.deepEqual(p.outcome, { successStatus: '2xx', errorStatus: '4xx', codePointer: '/type', codeType: 'string', errorsPointer: '/detail', errorsForm: 'string' });
    assert.deepEqual(p.envelope, {});
    assert.deepEqual(p.pointers, loadProfile('rest').pointers);
  });
});

describe('profile files', () => {
  let dir = '';
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ems-profile-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('extends a built-in by deep merge (the file wins)', () => {
    const path = file('strict.json', { name: 'strict-service', description: 'no quirks', extends: 'service', quirks: { booleanAsZeroOne: false } });
    const p = loadProfile(path);
    assert.equal(p.name, 'strict-service');
    assert.deepEqual(p.quirks, { emptyStringForAbsent: true, booleanAsZeroOne: false });
    assert.deepEqual(p.pointers, loadProfile('service').pointers);
  });

  it('extends another file, relative to the extending file', () => {
    file('base.json', { name: 'base', description: '', extends: 'rest', datetime: { format: 'service' } });
    const p = loadProfile(file('child.json', { name: 'child', description: '', extends: './base.json', request: { booleans: '01' } }));
    assert.deepEqual([p.name, p.datetime.format, p.request.booleans, p.request.queryArrays], ['child', 'service', '01', 'comma']);
  });

  it('a profile without the quirks turns them into issues', () => {
    const p = loadProfile(file('noquirks.json', { name: 'noquirks', description: '', extends: 'service', quirks: { booleanAsZeroOne: false } }));
    const body = changed(groupsPage, { '/data/records/0/private': 0 })();
    const report = createResponseValidator(p).validateResponse('groups.search', body, 'success');
    assert.deepEqual(report.issues.map((i) => [i.pointer, i.constraint]), [['/data/records/0/private', 'type: boolean']]);
  });

  it('unknown built-in name: one clear line', () => {
    assertOneLineError(() => loadProfile('nope'), /^profile "nope": unknown built-in profile; built-ins are service, problem-json, rest$/);
  });

  it('missing file: one clear line', () => {
    assertOneLineError(() => loadProfile(join(dir, 'absent.json')), /^profile file .*absent\.json: no such file/);
  });

  it('malformed JSON: one line with the parse message', () => {
    const path = file('broken.json', '{ "name": "x", }');
    assertOneLineError(() => loadProfile(path), /^profile file .*broken\.json: malformed JSON: .+/);
  });

  it('schema-invalid file: one line with the pointer and the problem', () => {
    const path = file('invalid.json', { name: 'x', description: '', extends: 'service', outcome: { errorStatus: 404 } });
    assertOneLineError(() => loadProfile(path), /^profile file .*invalid\.json: \/outcome\/errorStatus must be string$/);
  });

  it('unknown keys are refused', () => {
    const path = file('extra.json', { name: 'x', description: '', extends: 'service', quirks: { nullForAbsent: true } });
    assertOneLineError(() => loadProfile(path), /^profile file .*extra\.json: \/quirks must NOT have additional properties \(nullForAbsent\)$/);
  });

  it('an incomplete profile without extends is refused', () => {
    assertOneLineError(() => loadProfile(file('partial.json', { name: 'x', description: '' })), /^profile file .*partial\.json: \/ must have required property 'auth'/);
  });

  it('an unknown base names both profiles', () => {
    const path = file('orphan.json', { name: 'x', description: '', extends: 'nope' });
    assertOneLineError(() => loadProfile(path), /^profile file .*orphan\.json: extends profile "nope": unknown built-in profile/);
  });

  it('an extends cycle is refused', () => {
    file('a.json', { name: 'a', description: '', extends: './b.json' });
    const path = file('b.json', { name: 'b', description: '', extends: './a.json' });
    assertOneLineError(() => loadProfile(path), /extends itself/);
  });
});
