import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from '@playwright/test';
import { repoPath } from '../../harness/contract';
import { conformance, grepRules, readReport, runDirs } from './support';

const CHROMIUM = '/usr/bin/chromium';

test('the HTML report of a run with a failing fault shows the failing rule with its repro', { timeout: 240_000, skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} is absent (apt-get install -y chromium)` }, async () => {
  const dirs = runDirs('html-look');
  const run = await conformance(['--grep', grepRules('groups.search.rpp.', 'groups.search.page.', 'helper.ping.', 'schema.helper.ping'), '--faults', 'groups-rpp-clamped'], dirs);
  assert.equal(run.code, 1, run.stdout.slice(-2000));
  const failing = readReport(dirs.reports).rules.find((r) => r.verdict === 'fail');
  assert.ok(failing, 'the run has no failing rule');

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
    await page.goto(`file://${join(dirs.reports, 'conformance.html')}`);
    // The first card of a failing rule is its full card under Failures, at the top of the page.
    const card = page.locator('article.v-fail', { has: page.locator('code.rule-id', { hasText: failing.id }) }).first();
    await card.scrollIntoViewIfNeeded();
    assert.ok(await card.isVisible(), `${failing.id} is not visible`);
    const text = await card.innerText();
    assert.match(text, /curl -sS/, 'the curl repro is not shown');
    assert.ok(text.includes('$EMS_TOKEN'), 'the repro does not use the $EMS_TOKEN placeholder');
    mkdirSync(repoPath('reports'), { recursive: true });
    await page.screenshot({ path: repoPath('reports', 'conformance-html.png'), fullPage: false });
  } finally {
    await browser.close();
  }
});
