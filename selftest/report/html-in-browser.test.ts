/**
 * Opens conformance.html in Debian's chromium (playwright-core's chromium, reached through @playwright/test;
 * no browser download) and looks at it as a reader would: the failure with its reason and curl repro is
 * visible, the verdict filter hides passing rules, the page makes no network request and runs no
 * target-supplied script. Saves reports/conformance-html.png for a person to look at.
 */
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from '@playwright/test';
import { repoPath } from '../../harness/contract';
import { writeReportFiles } from '../../harness/report/write';
import { failingRule, sampleCatalogue, sampleReport } from './fixtures/sample-report';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOT = repoPath('reports', 'conformance-html.png');
const absent = existsSync(CHROMIUM) ? false : `${CHROMIUM} is absent (apt-get install -y chromium); CI installs it`;

let browser: Browser;
let page: Page;
const requested: string[] = [];
const dialogs: string[] = [];

before(async () => {
  if (absent) return;
  const dir = await mkdtemp(join(tmpdir(), 'ems-report-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const { html } = await writeReportFiles(sampleReport(), dir, sampleCatalogue);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.on('request', (request) => requested.push(request.url()));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(pathToFileURL(html).href);
});

after(async () => {
  await browser?.close();
});

test('the failing rule shows its ID, reason and curl repro', { skip: absent }, async () => {
  const failures = page.locator('#failures');
  const card = failures.locator('article.rule', { hasText: failingRule.id });
  assert.equal(await card.isVisible(), true);
  assert.equal(await card.getByText(failingRule.reason!).isVisible(), true);
  assert.equal(await card.locator('.repro pre').isVisible(), true);
  assert.equal(await card.locator('.repro pre').textContent(), failingRule.repro);
});

test('the page loads nothing from the network and runs no script from the evidence', { skip: absent }, async () => {
  assert.deepEqual(requested.filter((url) => !url.startsWith('file:')), []);
  assert.deepEqual(dialogs, []);
  assert.match((await page.locator('#failures').textContent()) ?? '', /<script>alert/);
});

test('saves a full-page screenshot for a person to look at', { skip: absent }, async () => {
  await mkdir(dirname(SCREENSHOT), { recursive: true });
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  assert.equal(existsSync(SCREENSHOT), true);
});

test('unticking "pass" hides every passing rule and keeps the failure', { skip: absent }, async () => {
  await page.locator('#filters input[value=pass]').uncheck();
  for (const card of await page.locator('article.rule[data-verdict=pass]').all()) {
    assert.equal(await card.isVisible(), false);
  }
  assert.equal(await page.locator('#failures article.rule').isVisible(), true);
  await page.locator('#filters input[value=pass]').check();
});

test('choosing an area shows only that area', { skip: absent }, async () => {
  await page.locator('#filters select[name=area]').selectOption('emails.search');
  assert.equal(await page.locator('#area-groups\\.search').isVisible(), false);
  assert.equal(await page.locator('#area-emails\\.search').isVisible(), true);
  await page.locator('#filters select[name=area]').selectOption('');
});
