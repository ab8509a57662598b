/**
 * The README's Playwright recipe works: the API calls an application makes from its pages, recorded by a
 * browser context with `recordHar: { path, content: 'embed' }`, are judged by `conformance --har` (tokens
 * redacted, rules decided). (Calls through Playwright's own `request` are not in that HAR: the proxy records those.)
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from '@playwright/test';
import { startMock } from '../../mock';
import { conformance, readReport, scratch } from './support';

const CHROMIUM = '/usr/bin/chromium';
const absent = existsSync(CHROMIUM) ? false : `${CHROMIUM} is absent (apt-get install -y chromium); CI installs it`;

test("a HAR recorded by a browser context's recordHar is judged offline", { skip: absent, timeout: 240_000 }, async () => {
  const mock = await startMock({ port: 0 });
  const har = join(scratch(), 'session.har');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } });
    const page = await context.newPage();
    // The "application": a page served from the API's origin that calls the API.
    await page.route(`${mock.origin}/app`, (route) => route.fulfill({ contentType: 'text/html', body: '<html><body>app</body></html>' }));
    await page.goto(`${mock.origin}/app`);
    await page.evaluate(
      async ([base, token]) => {
        const headers = { Authorization: `Bearer ${token}` };
        await (await fetch(`${base}/helper/ping`, { headers })).text();
        for (const rpp of [2, 0]) await (await fetch(`${base}/groups/search?rpp=${rpp}`, { headers })).text();
      },
      [mock.baseUrl, mock.tokens.full] as const,
    );
    await context.close();
  } finally {
    await browser.close();
    await mock.close();
  }
  const run = await conformance(['--har', har, '--grep', '@rule:(schema\\.helper\\.ping|groups\\.search\\.rpp\\.bounds|envelope\\.shape)']);
  assert.ok(existsSync(join(run.reportDir, 'conformance.json')), run.stdout + run.stderr);
  const report = readReport(run);
  assert.equal(report.mode, 'traffic', run.stderr);
  assert.equal(report.traffic?.exchanges, 3);
  assert.deepEqual(report.traffic?.sources[0]?.dropped, { 'other host or path': 1 }, 'the page itself is no exchange with the API');
  const verdicts = Object.fromEntries(report.rules.filter((rule) => rule.verdict !== 'skipped').map((rule) => [rule.id, rule.verdict]));
  assert.deepEqual(verdicts, { 'schema.helper.ping': 'pass', 'envelope.shape': 'pass', 'groups.search.rpp.bounds': verdicts['groups.search.rpp.bounds'] });
  assert.ok(['pass', 'inconclusive'].includes(verdicts['groups.search.rpp.bounds']!));
  for (const file of ['conformance.json', 'conformance.html', 'junit.xml']) assert.ok(!readFileSync(join(run.reportDir, file), 'utf8').includes(mock.tokens.full));
});
