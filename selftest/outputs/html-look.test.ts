/**
 * The HTML report as a person first sees it, in Chromium: a run with several failing rules (four faults of three
 * areas) opens with the failing rules, each with what was seen and a link to its
 * card, within the first screen; the card shows its evidence and curl; a long curl is a file beside the page.
 * The screenshot of the first screen is kept in reports/conformance-html.png.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from '@playwright/test';
import { repoPath } from '../../harness/contract';
import { conformance, grepRules, readReport, runDirs } from './support';

const CHROMIUM = '/usr/bin/chromium';
const FAULTS = ['groups-rpp-clamped', 'groups-total-members-string', 'import-results-reversed', 'ping-data-empty'];
const VIEWPORT = { width: 1280, height: 900 };

test('the HTML report of a run with several failing rules opens with them, each linked to its card', { timeout: 300_000, skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} is absent (apt-get install -y chromium)` }, async () => {
  const dirs = runDirs('html-look');
  const grep = grepRules('groups.search.rpp.', 'schema.groups.search', 'contacts.import.results.order', 'helper.ping.', 'schema.helper.ping');
  const run = await conformance(['--grep', grep, '--faults', FAULTS.join(',')], dirs);
  assert.equal(run.code, 1, run.stdout.slice(-2000));
  const failing = readReport(dirs.reports).rules.filter((r) => r.verdict === 'fail').map((r) => r.id);
  assert.ok(failing.length >= 4, `several failing rules: ${failing.join(', ')}`);
  const pageBytes = statSync(join(dirs.reports, 'conformance.html')).size;
  assert.ok(pageBytes < 250_000, `the page is ${pageBytes} bytes`);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`file://${join(dirs.reports, 'conformance.html')}`);
    // The first screen, unscrolled: the list of failing rules, every one of them, before any chart or table.
    const list = page.locator('#failing-first');
    const box = await list.boundingBox();
    assert.ok(box && box.y + box.height <= VIEWPORT.height, `the failing rules are not within the first screen: ${JSON.stringify(box)}`);
    const chart = await page.locator('#overview').boundingBox();
    assert.ok(chart && chart.y > box.y, 'the list comes before the chart');
    const lines = await list.locator('li').allInnerTexts();
    assert.deepEqual(lines.map((line) => line.split(' ')[0]).sort(), [...failing].sort());
    const order = lines.find((line) => line.startsWith('contacts.import.results.order'));
    // Reversed, the first row out of place is item 1, unless the batch's first and last records echo alike (two
    // records without an email): then the first item of the evidence's lists that differs. What was seen may be empty.
    const evidence = readReport(dirs.reports).rules.find((r) => r.id === 'contacts.import.results.order')?.evidence[0];
    const asJson = (list: unknown): (string | undefined)[] => (Array.isArray(list) ? list.map((item) => JSON.stringify(item)) : []);
    const sent = asJson(evidence?.expected);
    const echoed = asJson(evidence?.actual);
    const item = echoed.findIndex((email, index) => email !== sent[index]) + 1;
    assert.ok(item >= 1, `the evidence shows a row out of place: ${JSON.stringify(evidence)}`);
    assert.match(order ?? '', new RegExp(`saw "[^"]*" at item ${item} of ${echoed.length} where ".+" was expected`), 'the line says what was seen');
    mkdirSync(repoPath('reports'), { recursive: true });
    await page.screenshot({ path: repoPath('reports', 'conformance-html.png'), fullPage: false });

    // A line's link lands on the rule's card, which shows its evidence and its curl (or the file that holds it).
    await list.locator('a', { hasText: 'groups.search.rpp.bounds' }).click();
    const card = page.locator('#failures article.v-fail', { has: page.locator('code.rule-id', { hasText: 'groups.search.rpp.bounds' }) });
    assert.ok(await card.isVisible());
    const cardBox = await card.boundingBox();
    // A card at the top of the view (its top may sit a fraction of a pixel above, as the page's layout rounds it).
    assert.ok(cardBox && cardBox.y > -1 && cardBox.y < VIEWPORT.height, `the link scrolled to the card: ${JSON.stringify(cardBox)}`);
    const text = await card.innerText();
    assert.match(text, /curl -sS/, 'the curl repro is not shown');
    assert.ok(text.includes('$EMS_TOKEN'), 'the repro does not use the $EMS_TOKEN placeholder');
    // A command too long for the page (a 1,000-row import's curl, when the run's failing import was that one) is a file beside it.
    for (const file of await page.locator('#failures p.long-command a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      assert.ok(file && existsSync(join(dirs.reports, file)), `a long command's link leads nowhere: ${file}`);
    }
  } finally {
    await browser.close();
  }
});
